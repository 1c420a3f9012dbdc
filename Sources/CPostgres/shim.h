#ifndef AGEKIT_CPOSTGRES_SHIM_H
#define AGEKIT_CPOSTGRES_SHIM_H
#include <libpq-fe.h>
#endif
