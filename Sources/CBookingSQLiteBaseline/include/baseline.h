#ifndef BOOKINGKIT_BASELINE_H
#define BOOKINGKIT_BASELINE_H

// The raw sqlite3 C baseline of the benchmarks: the store's operations done
// the way a careful C program would, on the same schema and settings.
//
// Every statement is prepared once per connection, on first use, and reused
// with bind, step and reset. Text is bound SQLITE_STATIC (the row buffers
// outlive each step), the cheapest choice C has. Rows read back are copied
// into malloc'd C strings and freed, as the Swift side makes and drops its
// String values.
//
// Functions return an SQLite result code: SQLITE_OK (0) on success; the
// message is then in bkb_errmsg.

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// One connection with its prepared statements.
typedef struct bkb_db bkb_db;

// The row structs mirror their tables' columns one for one, in the order
// the statements bind them, as plain C fields (no shared header struct, no
// indirection): what a careful C program would hand to sqlite3_bind_*, so
// the baseline measures the binding and nothing of ours. Alike in shape
// because the tables are; kept apart on purpose.

/// One row of booking_attempt. NULL pointers bind NULL.
typedef struct bkb_attempt {
    const char *attempt_id;
    const char *idempotency_key;
    const char *offer_id;
    const char *quote_id;
    const char *hold_id;
    const char *booking_id;
    const char *status;
    int64_t version;
    const char *hold_anchor;
    int64_t created_at;
    int64_t updated_at;
} bkb_attempt;

/// One row of trip. A NULL voucher_code binds NULL.
typedef struct bkb_trip {
    const char *booking_id;
    const char *status;
    const char *property_json;
    const char *check_in;
    const char *check_out;
    const char *voucher_code;
    int64_t version;
    int64_t synced_at;
} bkb_trip;

/// One row of result_page, minus stored_at (given at put time).
/// byte_size is the byte length of items_json.
typedef struct bkb_page {
    const char *query_key;
    int64_t page_index;
    const char *next_cursor;
    int64_t quoted_at;
    const char *items_json;
    int64_t byte_size;
} bkb_page;

/// Opens (creating) the database at path with the store's settings:
/// busy timeout 5000 ms, SQLITE_DBCONFIG_DEFENSIVE, journal_mode=WAL,
/// synchronous FULL (full_sync != 0) or OFF (the cache), foreign_keys=ON,
/// secure_delete=ON. On failure *out is NULL and the handle is closed.
int bkb_open(const char *path, int full_sync, bkb_db **out);

/// Finalizes the statements and closes the connection.
int bkb_close(bkb_db *db);

/// Runs SQL without parameters (the schema).
int bkb_exec(bkb_db *db, const char *sql);

/// The message of the last error on db (never NULL).
const char *bkb_errmsg(bkb_db *db);

/// The SQLite library version linked in.
const char *bkb_sqlite_version(void);

/// The durable attempt write: the store's INSERT, in autocommit.
int bkb_attempt_insert(bkb_db *db, const bkb_attempt *row);

/// The store's trip upsert for count rows in one BEGIN IMMEDIATE ... COMMIT.
int bkb_trip_bulk_insert(bkb_db *db, const bkb_trip *rows, size_t count);

/// Steps over every trip in the store's order, copying the bytes of each
/// column a line of the trip list reads (the typed columns, no JSON) into
/// one output buffer, as `booking trips` does, and keeping the oldest sync
/// time. *rows_out gets the row count, *checksum_out a sum over the values
/// read and the oldest sync time (the same sum the Swift side computes).
int bkb_trip_scan(bkb_db *db, int64_t *rows_out, uint64_t *checksum_out);

/// The store's page put: BEGIN IMMEDIATE; INSERT OR REPLACE; the eviction
/// check's SUM query; COMMIT. *total_bytes_out gets the SUM (the caller
/// decides nothing from it; the store would evict past its cap).
int bkb_page_put(bkb_db *db, const bkb_page *page, int64_t stored_at, int64_t *total_bytes_out);

/// The store's page get, copying next_cursor and items_json into C strings.
/// *found_out is 1 when the page exists; *checksum_out gets a sum over the
/// values read.
int bkb_page_get(bkb_db *db, const char *query_key, int64_t page_index, int *found_out, uint64_t *checksum_out);

#ifdef __cplusplus
}
#endif

#endif
