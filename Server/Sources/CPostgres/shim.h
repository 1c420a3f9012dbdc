#ifndef AGEKIT_CPOSTGRES_SHIM_H
#define AGEKIT_CPOSTGRES_SHIM_H
#include <libpq-fe.h>

/* PG_DIAG_SQLSTATE is a character macro Swift does not import. */
static inline const char *agekit_pq_sqlstate(const PGresult *result) {
    return PQresultErrorField(result, PG_DIAG_SQLSTATE);
}

static inline void agekit_pq_ignore_notice(void *arg, const char *message) {
    (void)arg;
    (void)message;
}

/* Server notices ("relation already exists, skipping") would otherwise go to stderr. */
static inline void agekit_pq_silence_notices(PGconn *connection) {
    PQsetNoticeProcessor(connection, agekit_pq_ignore_notice, NULL);
}
#endif
