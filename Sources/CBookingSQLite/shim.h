#ifndef BOOKINGKIT_CSQLITE_SHIM_H
#define BOOKINGKIT_CSQLITE_SHIM_H

#include <sqlite3.h>

// sqlite3_db_config is variadic and cannot be called from Swift: one
// non-variadic wrapper per verb we use.
static inline int bk_sqlite3_db_config_int(sqlite3 *db, int op, int value, int *out) {
    return sqlite3_db_config(db, op, value, out);
}

// SQLITE_TRANSIENT is a macro over a cast of -1 that Swift cannot import.
static inline sqlite3_destructor_type bk_sqlite3_transient(void) {
    return SQLITE_TRANSIENT;
}

#endif
