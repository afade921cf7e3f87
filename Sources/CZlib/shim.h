#ifndef OFFSTAGE_CZLIB_SHIM_H
#define OFFSTAGE_CZLIB_SHIM_H
/* zlib (Debian: zlib1g-dev), for the local origin's gzip-encoded responses. */
#include <zlib.h>

/// deflateInit2 is a macro (it passes the library version and the stream's size); Swift needs a function.
/// windowBits 15 + 16 writes a gzip header and trailer.
static inline int offstage_deflate_init_gzip(z_stream *stream, int level) {
    return deflateInit2(stream, level, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY);
}
#endif
