// The raw sqlite3 C baseline. See include/baseline.h.

#include "baseline.h"

#include <sqlite3.h>
#include <stdlib.h>
#include <string.h>

// The SQL the store runs, word for word where it matters (the statement
// shapes; whitespace aside).
static const char *const attempt_insert_sql =
    "INSERT INTO booking_attempt (attempt_id, idempotency_key, offer_id, quote_id, hold_id, booking_id, "
    "status, version, hold_anchor, created_at, updated_at) VALUES (?,?,?,?,?,?,?,?,?,?,?)";

static const char *const trip_upsert_sql =
    "INSERT INTO trip (booking_id, status, property_json, check_in, check_out, voucher_code, version, synced_at) "
    "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8) "
    "ON CONFLICT (booking_id) DO UPDATE SET "
    "status = excluded.status, property_json = excluded.property_json, "
    "check_in = excluded.check_in, check_out = excluded.check_out, "
    "voucher_code = excluded.voucher_code, version = excluded.version, "
    "synced_at = excluded.synced_at "
    "WHERE excluded.version > trip.version";

// What a line of the trip list reads: typed columns of schema step 3, no JSON.
static const char *const trip_scan_sql =
    "SELECT booking_id, status, check_in, check_out, voucher_code, property_name, property_city, "
    "price_currency, price_total, synced_at FROM trip ORDER BY check_in, booking_id";

static const char *const page_insert_sql =
    "INSERT OR REPLACE INTO result_page "
    "(query_key, page_index, next_cursor, quoted_at, stored_at, byte_size, items_json) "
    "VALUES (?, ?, ?, ?, ?, ?, ?)";

static const char *const page_total_sql = "SELECT coalesce(sum(byte_size), 0) FROM result_page";

static const char *const page_get_sql =
    "SELECT next_cursor, quoted_at, items_json FROM result_page WHERE query_key = ? AND page_index = ?";

struct bkb_db {
    sqlite3 *handle;
    sqlite3_stmt *begin;
    sqlite3_stmt *commit;
    sqlite3_stmt *attempt_insert;
    sqlite3_stmt *trip_upsert;
    sqlite3_stmt *trip_scan;
    sqlite3_stmt *page_insert;
    sqlite3_stmt *page_total;
    sqlite3_stmt *page_get;
};

// MARK: Opening

static int set_pragma(sqlite3 *handle, const char *sql) {
    return sqlite3_exec(handle, sql, NULL, NULL, NULL);
}

int bkb_open(const char *path, int full_sync, bkb_db **out) {
    *out = NULL;
    bkb_db *db = calloc(1, sizeof *db);
    if (db == NULL) return SQLITE_NOMEM;
    int flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_EXRESCODE;
    int rc = sqlite3_open_v2(path, &db->handle, flags, NULL);
    if (rc == SQLITE_OK) rc = sqlite3_busy_timeout(db->handle, 5000);
    int enabled = 0;
    if (rc == SQLITE_OK) rc = sqlite3_db_config(db->handle, SQLITE_DBCONFIG_DEFENSIVE, 1, &enabled);
    if (rc == SQLITE_OK && enabled != 1) rc = SQLITE_ERROR;
    if (rc == SQLITE_OK) rc = set_pragma(db->handle, "PRAGMA journal_mode = WAL");
    if (rc == SQLITE_OK) rc = set_pragma(db->handle, full_sync ? "PRAGMA synchronous = FULL" : "PRAGMA synchronous = OFF");
    if (rc == SQLITE_OK) rc = set_pragma(db->handle, "PRAGMA foreign_keys = ON");
    if (rc == SQLITE_OK) rc = set_pragma(db->handle, "PRAGMA secure_delete = ON");
    if (rc != SQLITE_OK) {
        sqlite3_close_v2(db->handle);
        free(db);
        return rc;
    }
    *out = db;
    return SQLITE_OK;
}

int bkb_close(bkb_db *db) {
    if (db == NULL) return SQLITE_OK;
    sqlite3_stmt *statements[] = {
        db->begin, db->commit, db->attempt_insert, db->trip_upsert,
        db->trip_scan, db->page_insert, db->page_total, db->page_get,
    };
    for (size_t i = 0; i < sizeof statements / sizeof statements[0]; i++) sqlite3_finalize(statements[i]);
    int rc = sqlite3_close_v2(db->handle);
    free(db);
    return rc;
}

int bkb_exec(bkb_db *db, const char *sql) {
    return sqlite3_exec(db->handle, sql, NULL, NULL, NULL);
}

const char *bkb_errmsg(bkb_db *db) {
    return db == NULL ? "no connection" : sqlite3_errmsg(db->handle);
}

const char *bkb_sqlite_version(void) {
    return sqlite3_libversion();
}

// MARK: Helpers

// Prepares *slot on first use.
static int prepared(bkb_db *db, sqlite3_stmt **slot, const char *sql) {
    if (*slot != NULL) return SQLITE_OK;
    return sqlite3_prepare_v3(db->handle, sql, -1, 0, slot, NULL);
}

static int bind_text(sqlite3_stmt *statement, int index, const char *text) {
    return text == NULL
        ? sqlite3_bind_null(statement, index)
        : sqlite3_bind_text(statement, index, text, -1, SQLITE_STATIC);
}

// Steps a statement that returns no rows, then resets it.
static int run(sqlite3_stmt *statement) {
    int rc = sqlite3_step(statement);
    sqlite3_reset(statement);
    return rc == SQLITE_DONE ? SQLITE_OK : rc;
}

static int begin(bkb_db *db) {
    int rc = prepared(db, &db->begin, "BEGIN IMMEDIATE");
    return rc == SQLITE_OK ? run(db->begin) : rc;
}

static int commit(bkb_db *db) {
    int rc = prepared(db, &db->commit, "COMMIT");
    if (rc == SQLITE_OK) rc = run(db->commit);
    return rc;
}

static int rollback_after(bkb_db *db, int rc) {
    if (!sqlite3_get_autocommit(db->handle)) sqlite3_exec(db->handle, "ROLLBACK", NULL, NULL, NULL);
    return rc;
}

// A malloc'd copy of a text column, as a Swift String is a copy (NULL for SQL NULL).
static char *copy_text(sqlite3_stmt *statement, int column, size_t *length) {
    const unsigned char *text = sqlite3_column_text(statement, column);
    if (text == NULL) {
        *length = 0;
        return NULL;
    }
    size_t count = (size_t)sqlite3_column_bytes(statement, column);
    char *copy = malloc(count + 1);
    if (copy != NULL) {
        memcpy(copy, text, count);
        copy[count] = 0;
    }
    *length = count;
    return copy;
}

// MARK: Operations

int bkb_attempt_insert(bkb_db *db, const bkb_attempt *row) {
    int rc = prepared(db, &db->attempt_insert, attempt_insert_sql);
    if (rc != SQLITE_OK) return rc;
    sqlite3_stmt *s = db->attempt_insert;
    if ((rc = bind_text(s, 1, row->attempt_id)) != SQLITE_OK) return rc;
    if ((rc = bind_text(s, 2, row->idempotency_key)) != SQLITE_OK) return rc;
    if ((rc = bind_text(s, 3, row->offer_id)) != SQLITE_OK) return rc;
    if ((rc = bind_text(s, 4, row->quote_id)) != SQLITE_OK) return rc;
    if ((rc = bind_text(s, 5, row->hold_id)) != SQLITE_OK) return rc;
    if ((rc = bind_text(s, 6, row->booking_id)) != SQLITE_OK) return rc;
    if ((rc = bind_text(s, 7, row->status)) != SQLITE_OK) return rc;
    if ((rc = sqlite3_bind_int64(s, 8, row->version)) != SQLITE_OK) return rc;
    if ((rc = bind_text(s, 9, row->hold_anchor)) != SQLITE_OK) return rc;
    if ((rc = sqlite3_bind_int64(s, 10, row->created_at)) != SQLITE_OK) return rc;
    if ((rc = sqlite3_bind_int64(s, 11, row->updated_at)) != SQLITE_OK) return rc;
    return run(s);
}

int bkb_trip_bulk_insert(bkb_db *db, const bkb_trip *rows, size_t count) {
    int rc = prepared(db, &db->trip_upsert, trip_upsert_sql);
    if (rc != SQLITE_OK) return rc;
    if ((rc = begin(db)) != SQLITE_OK) return rc;
    sqlite3_stmt *s = db->trip_upsert;
    for (size_t i = 0; i < count; i++) {
        const bkb_trip *row = &rows[i];
        if ((rc = bind_text(s, 1, row->booking_id)) != SQLITE_OK) return rollback_after(db, rc);
        if ((rc = bind_text(s, 2, row->status)) != SQLITE_OK) return rollback_after(db, rc);
        if ((rc = bind_text(s, 3, row->property_json)) != SQLITE_OK) return rollback_after(db, rc);
        if ((rc = bind_text(s, 4, row->check_in)) != SQLITE_OK) return rollback_after(db, rc);
        if ((rc = bind_text(s, 5, row->check_out)) != SQLITE_OK) return rollback_after(db, rc);
        if ((rc = bind_text(s, 6, row->voucher_code)) != SQLITE_OK) return rollback_after(db, rc);
        if ((rc = sqlite3_bind_int64(s, 7, row->version)) != SQLITE_OK) return rollback_after(db, rc);
        if ((rc = sqlite3_bind_int64(s, 8, row->synced_at)) != SQLITE_OK) return rollback_after(db, rc);
        if ((rc = run(s)) != SQLITE_OK) return rollback_after(db, rc);
    }
    if ((rc = commit(db)) != SQLITE_OK) return rollback_after(db, rc);
    return SQLITE_OK;
}

// What `booking trips` does with a row's text, in C: the bytes copied into
// one output buffer, emptied (as a write would) when past 64 KiB.
enum { scan_flush_at = 64 * 1024, scan_buffer_size = scan_flush_at + 4096 };

// Empties the buffer as a write of it would. The empty `asm` with a
// "memory" clobber reads the buffer as far as the compiler knows: without
// it, clang removed every `memcpy` into a buffer that is freed unread, and
// this side copied nothing while the store's side copied every byte.
static void flush_text(unsigned char *buffer, size_t *used) {
    __asm__ __volatile__("" : : "r"(buffer) : "memory");
    *used = 0;
}

static size_t append_text(sqlite3_stmt *statement, int column, unsigned char *buffer, size_t *used) {
    const unsigned char *text = sqlite3_column_text(statement, column);
    if (text == NULL) return 0;
    size_t count = (size_t)sqlite3_column_bytes(statement, column);
    if (*used + count > scan_buffer_size) flush_text(buffer, used);
    memcpy(buffer + *used, text, count);
    *used += count;
    return count;
}

int bkb_trip_scan(bkb_db *db, int64_t *rows_out, uint64_t *checksum_out) {
    *rows_out = 0;
    *checksum_out = 0;
    int rc = prepared(db, &db->trip_scan, trip_scan_sql);
    if (rc != SQLITE_OK) return rc;
    unsigned char *buffer = malloc(scan_buffer_size);
    if (buffer == NULL) return SQLITE_NOMEM;
    sqlite3_stmt *s = db->trip_scan;
    int64_t rows = 0;
    uint64_t sum = 0;
    size_t used = 0;
    int64_t oldest = INT64_MAX;
    while ((rc = sqlite3_step(s)) == SQLITE_ROW) {
        // Columns 0-7 are text (NULL allowed from 4), 8 an integer (NULL
        // reads 0), 9 the sync time (the oldest is kept, as the store does).
        for (int column = 0; column < 8; column++) sum += append_text(s, column, buffer, &used);
        sum += (uint64_t)sqlite3_column_int64(s, 8);
        int64_t synced = sqlite3_column_int64(s, 9);
        if (synced < oldest) oldest = synced;
        if (used >= scan_flush_at) flush_text(buffer, &used);
        rows++;
    }
    sqlite3_reset(s);
    flush_text(buffer, &used);
    free(buffer);
    if (rc != SQLITE_DONE) return rc;
    *rows_out = rows;
    *checksum_out = sum + (rows > 0 ? (uint64_t)oldest : 0);
    return SQLITE_OK;
}

int bkb_page_put(bkb_db *db, const bkb_page *page, int64_t stored_at, int64_t *total_bytes_out) {
    int rc = prepared(db, &db->page_insert, page_insert_sql);
    if (rc == SQLITE_OK) rc = prepared(db, &db->page_total, page_total_sql);
    if (rc != SQLITE_OK) return rc;
    if ((rc = begin(db)) != SQLITE_OK) return rc;
    sqlite3_stmt *s = db->page_insert;
    if ((rc = bind_text(s, 1, page->query_key)) != SQLITE_OK) return rollback_after(db, rc);
    if ((rc = sqlite3_bind_int64(s, 2, page->page_index)) != SQLITE_OK) return rollback_after(db, rc);
    if ((rc = bind_text(s, 3, page->next_cursor)) != SQLITE_OK) return rollback_after(db, rc);
    if ((rc = sqlite3_bind_int64(s, 4, page->quoted_at)) != SQLITE_OK) return rollback_after(db, rc);
    if ((rc = sqlite3_bind_int64(s, 5, stored_at)) != SQLITE_OK) return rollback_after(db, rc);
    if ((rc = sqlite3_bind_int64(s, 6, page->byte_size)) != SQLITE_OK) return rollback_after(db, rc);
    rc = sqlite3_bind_text(s, 7, page->items_json, (int)page->byte_size, SQLITE_STATIC);
    if (rc != SQLITE_OK) return rollback_after(db, rc);
    if ((rc = run(s)) != SQLITE_OK) return rollback_after(db, rc);
    // The eviction check: the store sums the cached bytes after every put.
    sqlite3_stmt *total = db->page_total;
    rc = sqlite3_step(total);
    *total_bytes_out = rc == SQLITE_ROW ? sqlite3_column_int64(total, 0) : 0;
    sqlite3_reset(total);
    if (rc != SQLITE_ROW) return rollback_after(db, rc);
    if ((rc = commit(db)) != SQLITE_OK) return rollback_after(db, rc);
    return SQLITE_OK;
}

int bkb_page_get(bkb_db *db, const char *query_key, int64_t page_index, int *found_out, uint64_t *checksum_out) {
    *found_out = 0;
    *checksum_out = 0;
    int rc = prepared(db, &db->page_get, page_get_sql);
    if (rc != SQLITE_OK) return rc;
    sqlite3_stmt *s = db->page_get;
    if ((rc = bind_text(s, 1, query_key)) != SQLITE_OK) return rc;
    if ((rc = sqlite3_bind_int64(s, 2, page_index)) != SQLITE_OK) return rc;
    rc = sqlite3_step(s);
    if (rc == SQLITE_ROW) {
        size_t cursor_length = 0, items_length = 0;
        char *cursor = copy_text(s, 0, &cursor_length);
        int64_t quoted_at = sqlite3_column_int64(s, 1);
        char *items = copy_text(s, 2, &items_length);
        *checksum_out = (uint64_t)quoted_at + cursor_length + items_length;
        *found_out = 1;
        free(cursor);
        free(items);
        rc = SQLITE_DONE;
    }
    sqlite3_reset(s);
    return rc == SQLITE_DONE ? SQLITE_OK : rc;
}
