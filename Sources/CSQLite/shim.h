#ifndef OFFSTAGE_CSQLITE_SHIM_H
#define OFFSTAGE_CSQLITE_SHIM_H
#include <sqlite3.h>

/// SQLITE_TRANSIENT is a macro casting -1 to a function pointer; Swift cannot import it.
static inline sqlite3_destructor_type offstage_sqlite_transient(void) { return SQLITE_TRANSIENT; }

/// Binds text that SQLite copies before the call returns.
static inline int offstage_sqlite_bind_text(sqlite3_stmt *stmt, int index, const char *text, int length) {
    return sqlite3_bind_text(stmt, index, text, length, SQLITE_TRANSIENT);
}

/// Binds a blob that SQLite copies before the call returns.
static inline int offstage_sqlite_bind_blob(sqlite3_stmt *stmt, int index, const void *bytes, int length) {
    return sqlite3_bind_blob(stmt, index, bytes, length, SQLITE_TRANSIENT);
}
#endif
