#define _GNU_SOURCE
#include "CLibcWidth.h"

#include <locale.h>
#include <pthread.h>
#include <wchar.h>

static locale_t utf8_locale = (locale_t)0;
static pthread_once_t utf8_locale_once = PTHREAD_ONCE_INIT;

static void make_utf8_locale(void) {
    utf8_locale = newlocale(LC_CTYPE_MASK, "C.UTF-8", (locale_t)0);
}

int text_cells_libc_width(uint32_t scalar) {
    pthread_once(&utf8_locale_once, make_utf8_locale);
    if (utf8_locale == (locale_t)0) return -2;
    // Per thread, and put back at once: nothing else in the process sees another locale.
    locale_t previous = uselocale(utf8_locale);
    int width = wcwidth((wchar_t)scalar);
    uselocale(previous);
    return width;
}
