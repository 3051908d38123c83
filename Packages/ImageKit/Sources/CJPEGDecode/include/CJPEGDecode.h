#ifndef IMAGEKIT_CJPEGDECODE_H
#define IMAGEKIT_CJPEGDECODE_H

#include <stddef.h>

/// Result codes of imagekit_decode_jpeg.
enum {
    IMAGEKIT_JPEG_OK = 0,
    /// The data is not a decodable JPEG (corrupt, truncated, unsupported).
    IMAGEKIT_JPEG_BROKEN = 1,
    /// The header announces more pixels than the caller allows.
    IMAGEKIT_JPEG_TOO_LARGE = 2,
    /// The output buffer could not be allocated.
    IMAGEKIT_JPEG_OUT_OF_MEMORY = 3,
};

/// Decodes a JPEG held in memory into packed 8-bit RGB (3 bytes per pixel, rows top to bottom).
///
/// Never prints and never exits: libjpeg errors are caught with setjmp and returned, warnings are
/// silenced, and a file that ends early ("premature end of data") is reported as broken.
/// Grayscale and YCbCr images are converted by libjpeg; CMYK/YCCK images are converted here.
/// On success `*rgb_out` must be released with imagekit_free. On failure `*rgb_out` is NULL and
/// `error` holds a NUL-terminated message (truncated to `error_size`).
/// `target_side` (0 = full size) is the longer side the caller needs: the image is decoded at the
/// smallest DCT scale (1, 1/2, 1/4, 1/8) whose longer side is still at least that, so `*width` and
/// `*height` are the decoded, possibly reduced, size. `max_side` (of the file) and `max_pixels` (of the
/// decoded image, after that scaling) reject absurd dimensions before any pixel memory is allocated;
/// the result is then IMAGEKIT_JPEG_TOO_LARGE with the announced size in `*width` and `*height`.
int imagekit_decode_jpeg(const unsigned char *data, size_t size,
                         unsigned long max_side, unsigned long long max_pixels, unsigned long target_side,
                         unsigned char **rgb_out, int *width, int *height,
                         char *error, size_t error_size);

/// Releases a buffer returned by imagekit_decode_jpeg (NULL is allowed).
void imagekit_free(void *buffer);

#endif
