#ifndef TEXT_CELLS_LIBC_WIDTH_H
#define TEXT_CELLS_LIBC_WIDTH_H

#include <stdint.h>

/// glibc's wcwidth(3) of `scalar` under the C.UTF-8 locale, whatever the process's locale is (the
/// locale is switched for the calling thread only, for the call): -1 for a scalar glibc calls
/// unprintable, or -2 when the C library has no C.UTF-8 locale. Swift's Glibc module does not import
/// wcwidth, hence this target.
int text_cells_libc_width(uint32_t scalar);

#endif
