#ifndef AGEKIT_CTLS_SHIM_H
#define AGEKIT_CTLS_SHIM_H
#include <openssl/err.h>
#include <openssl/ssl.h>
#include <openssl/x509v3.h>
#include <openssl/x509_vfy.h>

// Macros Swift cannot import, wrapped as functions.
static inline long agekit_SSL_set_tlsext_host_name(SSL *ssl, const char *name) {
    return SSL_set_tlsext_host_name(ssl, name);
}
static inline long agekit_SSL_CTX_set_min_proto_version(SSL_CTX *context, int version) {
    return SSL_CTX_set_min_proto_version(context, version);
}
#endif
