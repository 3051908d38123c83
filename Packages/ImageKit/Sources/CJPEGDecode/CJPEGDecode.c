#include "CJPEGDecode.h"

#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jpeglib.h>
#include <jerror.h> // message codes such as JWRN_JPEG_EOF

// An error manager whose error_exit jumps back to the caller instead of calling exit(),
// and whose messages never reach stdout/stderr (the terminal UI owns the screen).
struct imagekit_error_manager {
    struct jpeg_error_mgr base;
    jmp_buf recovery;
    int ended_early;
    char message[JMSG_LENGTH_MAX];
};

static void imagekit_error_exit(j_common_ptr cinfo) {
    struct imagekit_error_manager *manager = (struct imagekit_error_manager *)cinfo->err;
    (*cinfo->err->format_message)(cinfo, manager->message);
    longjmp(manager->recovery, 1);
}

static void imagekit_output_message(j_common_ptr cinfo) {
    (void)cinfo; // silenced on purpose
}

static void imagekit_emit_message(j_common_ptr cinfo, int level) {
    struct imagekit_error_manager *manager = (struct imagekit_error_manager *)cinfo->err;
    if (level < 0) {
        cinfo->err->num_warnings++;
        // libjpeg pads a truncated file with grey and only warns; we treat it as broken.
        if (cinfo->err->msg_code == JWRN_JPEG_EOF) {
            manager->ended_early = 1;
        }
    }
}

static void imagekit_copy_message(char *error, size_t error_size, const char *message) {
    if (error == NULL || error_size == 0) return;
    strncpy(error, message, error_size - 1);
    error[error_size - 1] = '\0';
}

// Adobe writes CMYK JPEGs inverted (0 = full ink), which is what libjpeg hands back; with inverted
// values, R = C * K / 255 and so on. Non-Adobe CMYK files are rare and treated the same way.
static void imagekit_cmyk_row_to_rgb(const unsigned char *cmyk, unsigned char *rgb, JDIMENSION width) {
    for (JDIMENSION x = 0; x < width; x++) {
        unsigned int c = cmyk[4 * x], m = cmyk[4 * x + 1], y = cmyk[4 * x + 2], k = cmyk[4 * x + 3];
        rgb[3 * x] = (unsigned char)((c * k + 127) / 255);
        rgb[3 * x + 1] = (unsigned char)((m * k + 127) / 255);
        rgb[3 * x + 2] = (unsigned char)((y * k + 127) / 255);
    }
}

int imagekit_decode_jpeg(const unsigned char *data, size_t size,
                         unsigned long max_side, unsigned long long max_pixels, unsigned long target_side,
                         unsigned char **rgb_out, int *width, int *height,
                         char *error, size_t error_size) {
    struct jpeg_decompress_struct cinfo;
    struct imagekit_error_manager manager;
    // Written between setjmp and a possible longjmp, so they must be volatile to be reliable.
    unsigned char *volatile output = NULL;
    unsigned char *volatile row = NULL;

    *rgb_out = NULL;
    *width = 0;
    *height = 0;
    if (error != NULL && error_size > 0) error[0] = '\0';
    if (data == NULL || size == 0) {
        imagekit_copy_message(error, error_size, "empty data");
        return IMAGEKIT_JPEG_BROKEN;
    }

    memset(&manager, 0, sizeof manager);
    cinfo.err = jpeg_std_error(&manager.base);
    manager.base.error_exit = imagekit_error_exit;
    manager.base.output_message = imagekit_output_message;
    manager.base.emit_message = imagekit_emit_message;

    if (setjmp(manager.recovery)) {
        imagekit_copy_message(error, error_size, manager.message);
        jpeg_destroy_decompress(&cinfo);
        free(row);
        free(output);
        return IMAGEKIT_JPEG_BROKEN;
    }

    jpeg_create_decompress(&cinfo);
    jpeg_mem_src(&cinfo, data, (unsigned long)size);
    jpeg_read_header(&cinfo, TRUE);

    unsigned long long pixels = (unsigned long long)cinfo.image_width * cinfo.image_height;
    if (cinfo.image_width == 0 || cinfo.image_height == 0) {
        imagekit_copy_message(error, error_size, "empty image");
        jpeg_destroy_decompress(&cinfo);
        return IMAGEKIT_JPEG_BROKEN;
    }
    // Decode at (or just above) the size the picture is shown at: libjpeg's DCT scaling by 1/2, 1/4
    // or 1/8 skips most of the work and the memory. It also lets a huge picture fit max_pixels.
    unsigned long longer = cinfo.image_width > cinfo.image_height ? cinfo.image_width : cinfo.image_height;
    unsigned int denom = 1;
    while (denom < 8 && target_side > 0 && (longer + denom * 2 - 1) / (denom * 2) >= target_side) denom *= 2;
    while (denom < 8 && pixels / ((unsigned long long)denom * denom) > max_pixels) denom *= 2;
    unsigned long long scaled = ((cinfo.image_width + denom - 1) / denom) * (unsigned long long)((cinfo.image_height + denom - 1) / denom);
    if (cinfo.image_width > max_side || cinfo.image_height > max_side || scaled > max_pixels) {
        snprintf(error, error_size, "%ux%u pixels", (unsigned)cinfo.image_width, (unsigned)cinfo.image_height);
        *width = (int)cinfo.image_width;   // JPEG dimensions are 16-bit, so they fit an int
        *height = (int)cinfo.image_height;
        jpeg_destroy_decompress(&cinfo);
        return IMAGEKIT_JPEG_TOO_LARGE;
    }
    cinfo.scale_num = 1;
    cinfo.scale_denom = denom;

    int is_cmyk = cinfo.jpeg_color_space == JCS_CMYK || cinfo.jpeg_color_space == JCS_YCCK;
    cinfo.out_color_space = is_cmyk ? JCS_CMYK : JCS_RGB;
    jpeg_start_decompress(&cinfo);

    JDIMENSION out_width = cinfo.output_width, out_height = cinfo.output_height;
    int components = cinfo.output_components;
    if ((is_cmyk && components != 4) || (!is_cmyk && components != 3)) {
        imagekit_copy_message(error, error_size, "unexpected color components");
        jpeg_destroy_decompress(&cinfo);
        return IMAGEKIT_JPEG_BROKEN;
    }
    size_t rgb_stride = (size_t)out_width * 3;
    output = malloc(rgb_stride * out_height);
    row = malloc((size_t)out_width * (size_t)components);
    if (output == NULL || row == NULL) {
        imagekit_copy_message(error, error_size, "out of memory");
        jpeg_destroy_decompress(&cinfo);
        free(row);
        free(output);
        return IMAGEKIT_JPEG_OUT_OF_MEMORY;
    }

    while (cinfo.output_scanline < out_height) {
        unsigned char *target = output + (size_t)cinfo.output_scanline * rgb_stride;
        JSAMPROW rows[1] = { is_cmyk ? row : target };
        if (jpeg_read_scanlines(&cinfo, rows, 1) != 1) break;
        if (is_cmyk) imagekit_cmyk_row_to_rgb(row, target, out_width);
        if (manager.ended_early) break;
    }

    if (manager.ended_early || cinfo.output_scanline < out_height) {
        imagekit_copy_message(error, error_size, "premature end of JPEG data");
        jpeg_destroy_decompress(&cinfo);
        free(row);
        free(output);
        return IMAGEKIT_JPEG_BROKEN;
    }
    jpeg_finish_decompress(&cinfo);
    if (manager.ended_early) {
        imagekit_copy_message(error, error_size, "premature end of JPEG data");
        jpeg_destroy_decompress(&cinfo);
        free(row);
        free(output);
        return IMAGEKIT_JPEG_BROKEN;
    }
    jpeg_destroy_decompress(&cinfo);
    free(row);

    *rgb_out = output;
    *width = (int)out_width;
    *height = (int)out_height;
    return IMAGEKIT_JPEG_OK;
}

void imagekit_free(void *buffer) {
    free(buffer);
}
