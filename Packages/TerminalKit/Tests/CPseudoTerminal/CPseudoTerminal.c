// posix_openpt and friends are XSI; Swift's Glibc module does not expose them by default.
#define _XOPEN_SOURCE 600
#include "CPseudoTerminal.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <unistd.h>

int pseudo_terminal_open(int *master, int *slave) {
    int master_fd = posix_openpt(O_RDWR | O_NOCTTY);
    if (master_fd < 0) return -1;
    char *name = NULL;
    if (grantpt(master_fd) != 0 || unlockpt(master_fd) != 0 || (name = ptsname(master_fd)) == NULL) {
        int saved = errno;
        close(master_fd);
        errno = saved;
        return -1;
    }
    int slave_fd = open(name, O_RDWR | O_NOCTTY);
    if (slave_fd < 0) {
        int saved = errno;
        close(master_fd);
        errno = saved;
        return -1;
    }
    *master = master_fd;
    *slave = slave_fd;
    return 0;
}
