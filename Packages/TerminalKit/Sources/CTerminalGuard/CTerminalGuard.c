// pipe2 and mkostemp are GNU extensions.
#define _GNU_SOURCE
#include "CTerminalGuard.h"

#include <errno.h>
#include <string.h>
#include <fcntl.h>
#include <stdlib.h>
#include <sys/ioctl.h>
#include <unistd.h>

// Why static storage: a signal handler receives only the signal number. It cannot reach a Swift
// object, must not allocate, lock or touch the Swift runtime (none of that is async-signal-safe),
// and may run at any moment on any thread. So everything it needs is copied up front into
// fixed-size static storage here. `armed` is written last when arming and first when disarming, so
// the handler never sees half-written data. The storage mirrors a process-wide resource (the one
// controlling terminal and the process's signal dispositions), so one copy is the truthful model.

static volatile sig_atomic_t armed = 0;
static int guard_output_fd = -1;
static int guard_termios_fd = -1;
static struct termios guard_saved_termios;
static unsigned char guard_teardown[TERMINAL_GUARD_TEARDOWN_CAPACITY];
static size_t guard_teardown_length = 0;

static volatile sig_atomic_t replay_log_fd = -1;
static volatile sig_atomic_t replay_stderr_fd = -1;

// The write end of the input thread's wake pipe: SIGWINCH / SIGTERM / SIGHUP / SIGINT become one
// byte each there, so the thread wakes from poll(). A handler cannot find a Swift object, hence static.
static volatile sig_atomic_t signal_pipe_fd = -1;

static struct sigaction previous_actions[NSIG];
static volatile sig_atomic_t installed[NSIG];

static void write_all(int fd, const unsigned char *bytes, size_t length) {
    while (length > 0) {
        ssize_t written = write(fd, bytes, length);
        if (written < 0) {
            if (errno == EINTR) continue;
            return;
        }
        bytes += written;
        length -= (size_t)written;
    }
}

static void replay_stderr_log(void) {
    int log_fd = replay_log_fd;
    int stderr_fd = replay_stderr_fd;
    if (log_fd < 0 || stderr_fd < 0) return;
    replay_log_fd = -1;
    dup2(stderr_fd, STDERR_FILENO);
    if (lseek(log_fd, 0, SEEK_SET) < 0) return;
    unsigned char buffer[4096];
    for (;;) {
        ssize_t count = read(log_fd, buffer, sizeof buffer);
        if (count < 0 && errno == EINTR) continue;
        if (count <= 0) break;
        write_all(STDERR_FILENO, buffer, (size_t)count);
    }
}

/// Only async-signal-safe calls: write, tcsetattr, dup2, lseek, read, sigaction, raise.
static void guard_handler(int signal_number) {
    int saved_errno = errno;
    if (armed) {
        armed = 0; // a second fault during teardown must not repeat it
        write_all(guard_output_fd, guard_teardown, guard_teardown_length);
        tcsetattr(guard_termios_fd, TCSAFLUSH, &guard_saved_termios);
    }
    replay_stderr_log();

    // Hand the signal to whoever had it before (SIG_DFL, or e.g. the Swift runtime's backtracer),
    // but never to SIG_IGN: a crash must still end the process.
    struct sigaction next;
    if (signal_number > 0 && signal_number < NSIG && installed[signal_number]) {
        next = previous_actions[signal_number];
        installed[signal_number] = 0;
    } else {
        memset(&next, 0, sizeof next);
        next.sa_handler = SIG_DFL;
    }
    if (!(next.sa_flags & SA_SIGINFO) && next.sa_handler == SIG_IGN) {
        memset(&next, 0, sizeof next);
        next.sa_handler = SIG_DFL;
    }
    sigaction(signal_number, &next, NULL);
    // The signal is blocked while this handler runs, so it is delivered again when we return.
    raise(signal_number);
    errno = saved_errno;
}

int terminal_guard_arm(int output_fd, int termios_fd, const struct termios *saved,
                       const unsigned char *teardown, size_t length) {
    if (length > TERMINAL_GUARD_TEARDOWN_CAPACITY || saved == NULL) return -1;
    armed = 0;
    guard_output_fd = output_fd;
    guard_termios_fd = termios_fd;
    guard_saved_termios = *saved;
    memcpy(guard_teardown, teardown, length);
    guard_teardown_length = length;
    __atomic_signal_fence(__ATOMIC_SEQ_CST);
    armed = 1;
    return 0;
}

void terminal_guard_disarm(void) {
    armed = 0;
}

int terminal_guard_install(int signal_number, int only_if_default) {
    if (signal_number <= 0 || signal_number >= NSIG) return -1;
    if (installed[signal_number]) return 1;
    struct sigaction current;
    if (sigaction(signal_number, NULL, &current) != 0) return -1;
    if (only_if_default && ((current.sa_flags & SA_SIGINFO) || current.sa_handler != SIG_DFL)) return 1;

    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = guard_handler;
    sigemptyset(&action.sa_mask);
    // Block the other guarded signals while one is handled, so teardown runs once and completely.
    sigaddset(&action.sa_mask, SIGTERM);
    sigaddset(&action.sa_mask, SIGHUP);
    sigaddset(&action.sa_mask, SIGINT);
    previous_actions[signal_number] = current;
    installed[signal_number] = 1;
    if (sigaction(signal_number, &action, NULL) != 0) {
        installed[signal_number] = 0;
        return -1;
    }
    return 0;
}

int terminal_guard_uninstall(int signal_number) {
    if (signal_number <= 0 || signal_number >= NSIG || !installed[signal_number]) return 1;
    installed[signal_number] = 0;
    return sigaction(signal_number, &previous_actions[signal_number], NULL);
}

void terminal_guard_set_stderr_replay(int log_fd, int original_stderr_fd) {
    replay_log_fd = -1;
    replay_stderr_fd = original_stderr_fd;
    replay_log_fd = log_fd;
}

static int set_handler(int signal_number, void (*handler)(int), struct sigaction *previous) {
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = handler;
    sigemptyset(&action.sa_mask);
    return sigaction(signal_number, &action, previous);
}

int terminal_guard_ignore_signal(int signal_number, struct sigaction *previous) {
    return set_handler(signal_number, SIG_IGN, previous);
}

int terminal_guard_default_signal(int signal_number, struct sigaction *previous) {
    return set_handler(signal_number, SIG_DFL, previous);
}

int terminal_guard_restore_signal(int signal_number, const struct sigaction *previous) {
    return sigaction(signal_number, previous, NULL);
}

static void forwarding_handler(int signal_number) {
    int saved_errno = errno;
    int fd = signal_pipe_fd;
    if (fd >= 0) {
        unsigned char byte = (unsigned char)signal_number;
        // Non-blocking: when the pipe is full the thread has wake-ups pending anyway.
        (void)write(fd, &byte, 1);
    }
    errno = saved_errno;
}

int terminal_guard_forward_signal(int signal_number, struct sigaction *previous) {
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = forwarding_handler;
    action.sa_flags = SA_RESTART;
    sigemptyset(&action.sa_mask);
    return sigaction(signal_number, &action, previous);
}

void terminal_guard_set_signal_pipe(int write_fd) {
    signal_pipe_fd = write_fd;
}

int terminal_guard_window_size(int fd, unsigned short *columns, unsigned short *rows) {
    struct winsize size;
    memset(&size, 0, sizeof size);
    if (ioctl(fd, TIOCGWINSZ, &size) != 0) return -1;
    *columns = size.ws_col;
    *rows = size.ws_row;
    return 0;
}

int terminal_guard_window_pixels(int fd, unsigned short *width, unsigned short *height) {
    struct winsize size;
    memset(&size, 0, sizeof size);
    if (ioctl(fd, TIOCGWINSZ, &size) != 0 || size.ws_col == 0 || size.ws_row == 0) return -1;
    *width = size.ws_xpixel / size.ws_col;
    *height = size.ws_ypixel / size.ws_row;
    return 0;
}

int terminal_guard_make_wake_pipe(int descriptors[2]) {
    return pipe2(descriptors, O_CLOEXEC | O_NONBLOCK);
}

int terminal_guard_make_temporary_file(char *path_template) {
    return mkostemp(path_template, O_CLOEXEC);
}
