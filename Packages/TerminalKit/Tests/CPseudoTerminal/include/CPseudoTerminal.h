#ifndef C_PSEUDO_TERMINAL_H
#define C_PSEUDO_TERMINAL_H

/// Test support: opens a pseudo-terminal pair (posix_openpt, grantpt, unlockpt, ptsname, open),
/// neither becoming the controlling terminal. Returns 0, or -1 with errno set.
int pseudo_terminal_open(int *master, int *slave);

#endif
