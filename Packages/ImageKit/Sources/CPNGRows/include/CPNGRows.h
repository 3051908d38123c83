#ifndef IMAGEKIT_CPNGROWS_H
#define IMAGEKIT_CPNGROWS_H

#include <stddef.h>

/// Result codes of the row reader.
enum {
    IMAGEKIT_PNG_OK = 0,
    /// The data is not a decodable PNG (corrupt, truncated), or libpng refused it.
    IMAGEKIT_PNG_BROKEN = 1,
    /// A valid PNG this reader does not stream (interlaced: Adam7 passes need the whole picture).
    IMAGEKIT_PNG_WHOLE_PICTURE_NEEDED = 2,
};

/// A PNG read one row at a time, with the transformations libpng's simplified API applies for
/// 8-bit sRGB output (expanded palettes and low bit depths, grey to RGB, transparency to alpha,
/// 16-bit samples scaled, the same gamma handling), so each row is byte for byte the row
/// `png_image_finish_read` writes, without a buffer of the whole picture.
struct imagekit_png_rows;

/// Reads the header of the PNG in `data` (which must outlive the reader) and prepares the rows.
/// On IMAGEKIT_PNG_OK, `*reader` is set (release it with imagekit_png_close), `*width` and `*height`
/// are the picture's, and `*channels` is 3 (RGB) or 4 (RGBA, straight alpha). On failure no reader
/// is left open and `error` holds a NUL-terminated message (truncated to `error_size`).
/// Never prints, never exits: libpng's errors are caught with setjmp.
int imagekit_png_open(const unsigned char *data, size_t size, struct imagekit_png_rows **reader,
                      int *width, int *height, int *channels, char *error, size_t error_size);

/// Reads the next row (width × channels bytes) into `row`.
int imagekit_png_read_row(struct imagekit_png_rows *reader, unsigned char *row, char *error, size_t error_size);

/// Releases the reader (NULL is allowed).
void imagekit_png_close(struct imagekit_png_rows *reader);

#endif
