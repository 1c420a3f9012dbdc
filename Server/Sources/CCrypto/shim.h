#ifndef AGEKIT_CCRYPTO_SHIM_H
#define AGEKIT_CCRYPTO_SHIM_H
#include <openssl/bio.h>
#include <openssl/bn.h>
#include <openssl/ec.h>
#include <openssl/ecdsa.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <openssl/objects.h>
#include <openssl/pem.h>
#include <openssl/rand.h>
#include <openssl/sha.h>
#include <openssl/x509.h>
#include <openssl/x509v3.h>
#include <openssl/x509_vfy.h>

// Macros Swift cannot import, wrapped as functions.
static inline STACK_OF(X509) *agekit_sk_X509_new_null(void) { return sk_X509_new_null(); }
static inline int agekit_sk_X509_push(STACK_OF(X509) *s, X509 *x) { return sk_X509_push(s, x); }
static inline void agekit_sk_X509_free(STACK_OF(X509) *s) { sk_X509_free(s); }
static inline int agekit_sk_X509_num(const STACK_OF(X509) *s) { return sk_X509_num(s); }
static inline X509 *agekit_sk_X509_value(const STACK_OF(X509) *s, int i) { return sk_X509_value(s, i); }
static inline void agekit_OPENSSL_free(void *p) { OPENSSL_free(p); }
static inline long agekit_BIO_get_mem_data(BIO *b, char **pp) { return BIO_get_mem_data(b, pp); }

// Deprecated in OpenSSL 3.0 but kept, and the only way to give an arbitrary point (a leaf's
// public key, set as a group's generator) the fixed-base tables the real generator has.
#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Wdeprecated-declarations"
static inline int agekit_EC_GROUP_precompute_mult(EC_GROUP *group, BN_CTX *ctx) {
    return EC_GROUP_precompute_mult(group, ctx);
}
// Also deprecated in 3.0: a point's Jacobian coordinates, so that the ECDSA check can
// compare x = X / Z^2 with r without the field inversion an affine x costs.
static inline int agekit_EC_POINT_get_Jprojective_coordinates_GFp(
    const EC_GROUP *group, const EC_POINT *point, BIGNUM *x, BIGNUM *y, BIGNUM *z, BN_CTX *ctx) {
    return EC_POINT_get_Jprojective_coordinates_GFp(group, point, x, y, z, ctx);
}
#pragma clang diagnostic pop
#endif
