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
    /// Stopped by the caller's bounds: more scans than allowed, past the deadline, or cancelled.
    IMAGEKIT_JPEG_STOPPED = 4,
};

/// What bounds one decode beyond the picture's dimensions. A progressive JPEG can repeat scans
/// without end, and each scan costs a pass over every block: without these, a few hundred kilobytes
/// keep a core busy for minutes.
struct imagekit_jpeg_bounds {
    /// The most scans read (a normal progressive JPEG has about 10; 0 = no limit).
    int max_scans;
    /// Seconds of CPU time the decode may take (0 = no limit).
    double max_cpu_seconds;
    /// The most bytes libjpeg may allocate for its own buffers: the whole-image coefficient buffer of
    /// a progressive JPEG is width × height × 2 bytes per component, whatever the output scale (0 = no limit).
    unsigned long max_memory;
    /// Polled while decoding (atomically): nonzero stops it (the picture is no longer wanted). May be NULL.
    int *cancelled;
};

/// Sets a cancellation flag that a running decode polls (an atomic store, safe from any thread).
void imagekit_flag_set(int *flag);

/// Reads such a flag (an atomic load).
int imagekit_flag_get(int *flag);

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
/// `bounds` (may be NULL) stops a decode that reads too many scans, takes too long, needs too much
/// memory (reported as IMAGEKIT_JPEG_TOO_LARGE) or is cancelled, with IMAGEKIT_JPEG_STOPPED.
int imagekit_decode_jpeg(const unsigned char *data, size_t size,
                         unsigned long max_side, unsigned long long max_pixels, unsigned long target_side,
                         const struct imagekit_jpeg_bounds *bounds,
                         unsigned char **rgb_out, int *width, int *height,
                         char *error, size_t error_size);

/// Releases a buffer returned by imagekit_decode_jpeg (NULL is allowed).
void imagekit_free(void *buffer);

#endif
