#ifndef AGEKIT_CSQLITE_SHIM_H
#define AGEKIT_CSQLITE_SHIM_H
#include <sqlite3.h>

// SQLITE_TRANSIENT is a cast macro Swift cannot import.
static inline int agekit_sqlite3_bind_text_transient(sqlite3_stmt *s, int i, const char *v, int n) {
    return sqlite3_bind_text(s, i, v, n, SQLITE_TRANSIENT);
}
static inline int agekit_sqlite3_bind_blob_transient(sqlite3_stmt *s, int i, const void *v, int n) {
    return sqlite3_bind_blob(s, i, v, n, SQLITE_TRANSIENT);
}
#endif
