#ifndef BOOKINGKIT_CSQLITE_SHIM_H
#define BOOKINGKIT_CSQLITE_SHIM_H

#include <sqlite3.h>

// sqlite3_db_config is variadic and cannot be called from Swift: one
// non-variadic wrapper per verb we use.
static inline int bk_sqlite3_db_config_int(sqlite3 *db, int op, int value, int *out) {
    return sqlite3_db_config(db, op, value, out);
}

// sqlite3_config is variadic too. With memory statistics on (SQLite's
// default) every allocation of every connection takes one process-wide
// mutex to count itself: connections on different threads then wait on
// each other for each malloc. BookingKit reads no memory statistics, so
// it turns them off. Only possible before SQLite initializes (the first
// open, or the first VFS lookup); afterwards it is SQLITE_MISUSE and
// changes nothing (an app that opened SQLite itself first keeps its
// setting).
static inline int bk_sqlite3_config_memstatus(int on) {
    return sqlite3_config(SQLITE_CONFIG_MEMSTATUS, on);
}

// SQLITE_TRANSIENT is a macro over a cast of -1 that Swift cannot import.
static inline sqlite3_destructor_type bk_sqlite3_transient(void) {
    return SQLITE_TRANSIENT;
}

// The system's VFS with one change: a WAL file that already exists is
// opened without SQLITE_OPEN_CREATE. SQLite syncs the directory on the
// first sync of every WAL a connection opens with that flag, whether or not
// the file was new (unixOpen's isNewJrnl); a WAL kept between runs has a
// durable directory entry already, so that sync only costs a command an
// fdatasync per connection. A WAL that does not exist (or vanished since
// the check) is opened as SQLite asks, with the directory sync that makes
// its new entry durable. Registered once, by name, by BookingSQLite.
// (Its state lives in function-local statics: Swift's importer emits a
// header's inline functions, not its variables.)
static inline sqlite3_vfs **bk_base_vfs_slot(void) {
    static sqlite3_vfs *base;
    return &base;
}

static inline sqlite3_vfs *bk_vfs_slot(void) {
    static sqlite3_vfs vfs;
    return &vfs;
}

static inline int bk_vfs_open(sqlite3_vfs *vfs, const char *name, sqlite3_file *file, int flags, int *outFlags) {
    sqlite3_vfs *bk_base_vfs = *bk_base_vfs_slot();
    (void)vfs;
    if ((flags & SQLITE_OPEN_WAL) && (flags & SQLITE_OPEN_CREATE) && name != 0) {
        int exists = 0;
        if (bk_base_vfs->xAccess(bk_base_vfs, name, SQLITE_ACCESS_EXISTS, &exists) == SQLITE_OK && exists
            && bk_base_vfs->xOpen(bk_base_vfs, name, file, flags & ~SQLITE_OPEN_CREATE, outFlags) == SQLITE_OK) {
            return SQLITE_OK;
        }
    }
    return bk_base_vfs->xOpen(bk_base_vfs, name, file, flags, outFlags);
}

// Registers the VFS above (not as the default) and returns its name, or
// NULL when there is no default VFS to wrap. Call once.
static inline const char *bk_sqlite3_register_vfs(void) {
    sqlite3_vfs *base = sqlite3_vfs_find(0);
    sqlite3_vfs *vfs = bk_vfs_slot();
    if (base == 0) return 0;
    *bk_base_vfs_slot() = base;
    *vfs = *base;
    vfs->zName = "bookingkit-keptwal";
    vfs->xOpen = bk_vfs_open;
    vfs->pNext = 0;
    if (sqlite3_vfs_register(vfs, 0) != SQLITE_OK) return 0;
    return vfs->zName;
}

#endif
