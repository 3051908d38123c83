#include "CPNGRows.h"

#include <png.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>

struct imagekit_png_rows {
    png_structp png;
    png_infop info;
    const unsigned char *data;
    size_t size;
    size_t offset;
    char message[200];
};

static void imagekit_png_read_data(png_structp png, png_bytep out, size_t length) {
    struct imagekit_png_rows *reader = png_get_io_ptr(png);
    if (length > reader->size - reader->offset) png_error(png, "the file ends early");
    memcpy(out, reader->data + reader->offset, length);
    reader->offset += length;
}

// libpng's default error handler prints to stderr; the terminal UI owns the screen.
static void imagekit_png_error(png_structp png, png_const_charp message) {
    struct imagekit_png_rows *reader = png_get_error_ptr(png);
    strncpy(reader->message, message, sizeof reader->message - 1);
    reader->message[sizeof reader->message - 1] = '\0';
    png_longjmp(png, 1);
}

static void imagekit_png_warning(png_structp png, png_const_charp message) {
    (void)png;
    (void)message;
}

static void imagekit_png_copy_message(const struct imagekit_png_rows *reader, char *error, size_t error_size) {
    if (error == NULL || error_size == 0) return;
    strncpy(error, reader->message, error_size - 1);
    error[error_size - 1] = '\0';
}

void imagekit_png_close(struct imagekit_png_rows *reader) {
    if (reader == NULL) return;
    png_destroy_read_struct(&reader->png, reader->info != NULL ? &reader->info : NULL, NULL);
    free(reader);
}

int imagekit_png_open(const unsigned char *data, size_t size, struct imagekit_png_rows **out,
                      int *width, int *height, int *channels, char *error, size_t error_size) {
    *out = NULL;
    struct imagekit_png_rows *reader = calloc(1, sizeof *reader);
    if (reader == NULL) return IMAGEKIT_PNG_BROKEN;
    strcpy(reader->message, "not a PNG");
    reader->data = data;
    reader->size = size;
    reader->png = png_create_read_struct(PNG_LIBPNG_VER_STRING, reader, imagekit_png_error, imagekit_png_warning);
    if (reader->png == NULL) {
        free(reader);
        return IMAGEKIT_PNG_BROKEN;
    }
    reader->info = png_create_info_struct(reader->png);
    if (reader->info == NULL || setjmp(png_jmpbuf(reader->png))) {
        imagekit_png_copy_message(reader, error, error_size);
        imagekit_png_close(reader);
        return IMAGEKIT_PNG_BROKEN;
    }
    png_set_read_fn(reader->png, reader, imagekit_png_read_data);
    // What png_image_begin_read does: benign errors are warnings.
    png_set_benign_errors(reader->png, 1);
    png_read_info(reader->png, reader->info);
    if (png_get_interlace_type(reader->png, reader->info) != PNG_INTERLACE_NONE) {
        imagekit_png_close(reader);
        return IMAGEKIT_PNG_WHOLE_PICTURE_NEEDED;
    }
    int color_type = png_get_color_type(reader->png, reader->info);
    int bit_depth = png_get_bit_depth(reader->png, reader->info);
    // The transformations of png_image_read_direct for an sRGB 8-bit RGB(A) output in the file's
    // own alpha: expand, grey to RGB, the input gamma default (linear for 16-bit files without
    // gAMA), 16-bit scaled to 8, then the sRGB output gamma.
    png_set_expand(reader->png);
    if ((color_type & PNG_COLOR_MASK_COLOR) == 0) png_set_gray_to_rgb(reader->png);
    png_set_alpha_mode_fixed(reader->png, PNG_ALPHA_PNG, bit_depth == 16 ? PNG_GAMMA_LINEAR : PNG_DEFAULT_sRGB);
    if (bit_depth == 16) png_set_scale_16(reader->png);
    png_set_alpha_mode_fixed(reader->png, PNG_ALPHA_PNG, PNG_DEFAULT_sRGB);
    png_read_update_info(reader->png, reader->info);
    int output_channels = png_get_channels(reader->png, reader->info);
    png_uint_32 columns = png_get_image_width(reader->png, reader->info);
    if ((output_channels != 3 && output_channels != 4) || png_get_bit_depth(reader->png, reader->info) != 8
        || png_get_rowbytes(reader->png, reader->info) != (size_t)columns * (size_t)output_channels) {
        strcpy(reader->message, "unexpected row layout");
        imagekit_png_copy_message(reader, error, error_size);
        imagekit_png_close(reader);
        return IMAGEKIT_PNG_BROKEN;
    }
    *width = (int)columns;
    *height = (int)png_get_image_height(reader->png, reader->info);
    *channels = output_channels;
    *out = reader;
    return IMAGEKIT_PNG_OK;
}

int imagekit_png_read_row(struct imagekit_png_rows *reader, unsigned char *row, char *error, size_t error_size) {
    if (setjmp(png_jmpbuf(reader->png))) {
        imagekit_png_copy_message(reader, error, error_size);
        return IMAGEKIT_PNG_BROKEN;
    }
    png_read_row(reader->png, row, NULL);
    return IMAGEKIT_PNG_OK;
}
