#include "CJPEGDecode.h"

#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <jpeglib.h>
#include <jerror.h> // message codes such as JWRN_JPEG_EOF

// An error manager whose error_exit jumps back to the caller instead of calling exit(),
// and whose messages never reach stdout/stderr (the terminal UI owns the screen).
struct imagekit_error_manager {
    struct jpeg_error_mgr base;
    jmp_buf recovery;
    int ended_early;
    /// Set when the progress monitor stopped the decode (the result is IMAGEKIT_JPEG_STOPPED).
    int stopped;
    char message[JMSG_LENGTH_MAX];
};

// libjpeg calls the progress monitor while it reads scans (once per row of blocks): the place to stop
// a decode that the caller's bounds no longer allow.
struct imagekit_progress {
    struct jpeg_progress_mgr base;
    const struct imagekit_jpeg_bounds *bounds;
    double cpu_started;
};

static double imagekit_cpu_seconds(void) {
    struct timespec now;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now);
    return (double)now.tv_sec + (double)now.tv_nsec / 1e9;
}

static void imagekit_stop(j_common_ptr cinfo, const char *why) {
    struct imagekit_error_manager *manager = (struct imagekit_error_manager *)cinfo->err;
    manager->stopped = 1;
    strncpy(manager->message, why, sizeof manager->message - 1);
    manager->message[sizeof manager->message - 1] = '\0';
    longjmp(manager->recovery, 1);
}

static void imagekit_progress_monitor(j_common_ptr cinfo) {
    struct imagekit_progress *progress = (struct imagekit_progress *)cinfo->progress;
    const struct imagekit_jpeg_bounds *bounds = progress->bounds;
    if (bounds->cancelled != NULL && __atomic_load_n(bounds->cancelled, __ATOMIC_RELAXED)) imagekit_stop(cinfo, "cancelled");
    if (!cinfo->is_decompressor) return;
    j_decompress_ptr dinfo = (j_decompress_ptr)cinfo;
    if (bounds->max_scans > 0 && dinfo->input_scan_number > bounds->max_scans) {
        char why[80];
        snprintf(why, sizeof why, "more than %d scans", bounds->max_scans);
        imagekit_stop(cinfo, why);
    }
    if (bounds->max_cpu_seconds > 0 && imagekit_cpu_seconds() - progress->cpu_started > bounds->max_cpu_seconds) {
        char why[80];
        snprintf(why, sizeof why, "decoding took more than %.1f s", bounds->max_cpu_seconds);
        imagekit_stop(cinfo, why);
    }
}

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
                         const struct imagekit_jpeg_bounds *bounds,
                         unsigned char **rgb_out, int *width, int *height,
                         char *error, size_t error_size) {
    struct jpeg_decompress_struct cinfo;
    struct imagekit_error_manager manager;
    struct imagekit_progress progress;
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
        // Out of the memory libjpeg may use (a progressive picture's coefficients): too large, not broken.
        int status = manager.stopped ? IMAGEKIT_JPEG_STOPPED
            : manager.base.msg_code == JERR_NO_BACKING_STORE ? IMAGEKIT_JPEG_TOO_LARGE : IMAGEKIT_JPEG_BROKEN;
        if (status == IMAGEKIT_JPEG_TOO_LARGE) {
            *width = (int)cinfo.image_width;
            *height = (int)cinfo.image_height;
        }
        jpeg_destroy_decompress(&cinfo);
        free(row);
        free(output);
        return status;
    }

    jpeg_create_decompress(&cinfo);
    if (bounds != NULL) {
        memset(&progress, 0, sizeof progress);
        progress.base.progress_monitor = imagekit_progress_monitor;
        progress.bounds = bounds;
        progress.cpu_started = imagekit_cpu_seconds();
        cinfo.progress = &progress.base;
        // Beyond this libjpeg would need a backing store, which libjpeg-turbo does not have: it stops
        // with JERR_NO_BACKING_STORE instead of allocating hundreds of megabytes.
        if (bounds->max_memory > 0) cinfo.mem->max_memory_to_use = (long)bounds->max_memory;
    }
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

void imagekit_flag_set(int *flag) {
    __atomic_store_n(flag, 1, __ATOMIC_RELAXED);
}

int imagekit_flag_get(int *flag) {
    return __atomic_load_n(flag, __ATOMIC_RELAXED);
}
