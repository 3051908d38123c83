#ifndef C_TERMINAL_GUARD_H
#define C_TERMINAL_GUARD_H

#include <signal.h>
#include <stddef.h>
#include <termios.h>

/// The longest teardown string the guard can store.
#define TERMINAL_GUARD_TEARDOWN_CAPACITY 256

/// Stores what a fatal-signal handler needs to restore the terminal: the teardown bytes written to
/// `output_fd` and the termios applied to `termios_fd`. Returns 0, or -1 when `length` exceeds the capacity.
int terminal_guard_arm(int output_fd, int termios_fd, const struct termios *saved,
                       const unsigned char *teardown, size_t length);

/// Forgets the stored teardown; installed handlers then only chain to the previous disposition.
void terminal_guard_disarm(void);

/// Installs the guard handler for `signal_number`, remembering the previous disposition.
/// With `only_if_default` non-zero, a signal that is ignored (nohup) or already handled (the input
/// thread's forwarding) is left alone. Returns 0 when installed, 1 when skipped or already installed, -1 on error.
int terminal_guard_install(int signal_number, int only_if_default);

/// Restores the disposition that `terminal_guard_install` replaced. Returns 0, or 1 when not installed.
int terminal_guard_uninstall(int signal_number);

/// While set, a fatal signal also points fd 2 back at `original_stderr_fd` and copies the log in
/// `log_fd` to it, so a crash message written while stderr was captured is seen. Pass -1, -1 to clear.
void terminal_guard_set_stderr_replay(int log_fd, int original_stderr_fd);

/// Sets `signal_number` to SIG_IGN, storing the previous disposition in `previous`. Returns sigaction's result.
int terminal_guard_ignore_signal(int signal_number, struct sigaction *previous);

/// Sets `signal_number` to SIG_DFL, storing the previous disposition in `previous`. Returns sigaction's result.
int terminal_guard_default_signal(int signal_number, struct sigaction *previous);

/// Restores a disposition saved by `terminal_guard_ignore_signal` / `terminal_guard_default_signal`.
int terminal_guard_restore_signal(int signal_number, const struct sigaction *previous);

/// Routes `signal_number` to a handler that writes the signal's number as one byte to the pipe set
/// with `terminal_guard_set_signal_pipe`, storing the previous disposition in `previous`.
int terminal_guard_forward_signal(int signal_number, struct sigaction *previous);

/// The non-blocking pipe that forwarded signals are written to; -1 drops them.
void terminal_guard_set_signal_pipe(int write_fd);

/// Reads the window size of the terminal on `fd` (TIOCGWINSZ). Returns 0 on success, -1 otherwise.
int terminal_guard_window_size(int fd, unsigned short *columns, unsigned short *rows);
/// The size of one cell in pixels (TIOCGWINSZ pixels over cells); -1 when unknown.
int terminal_guard_window_pixels(int fd, unsigned short *width, unsigned short *height);

/// pipe2(O_CLOEXEC | O_NONBLOCK): the self-pipe that wakes the input thread's poll(). Returns 0 or -1.
int terminal_guard_make_wake_pipe(int descriptors[2]);

/// mkostemp(O_CLOEXEC) on a writable "…XXXXXX" template. Returns the descriptor or -1.
int terminal_guard_make_temporary_file(char *path_template);

#endif
