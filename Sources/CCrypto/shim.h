#ifndef OFFSTAGE_CCRYPTO_SHIM_H
#define OFFSTAGE_CCRYPTO_SHIM_H
/* OpenSSL's libcrypto (Debian: libssl-dev), for the origin's SHA-256 through the EVP digest interface. */
#include <openssl/evp.h>
#endif
