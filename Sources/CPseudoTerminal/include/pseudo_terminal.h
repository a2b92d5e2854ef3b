#ifndef PROPTUI_PSEUDO_TERMINAL_H
#define PROPTUI_PSEUDO_TERMINAL_H

#include <sys/types.h>

/// Starts `path` with `argv` and `envp` in a new session whose controlling terminal is a new
/// pseudo-terminal of `rows` x `columns`. On success answers 0, the master side in
/// `*master` (close-on-exec, non-blocking) and the child's id in `*pid`; on failure answers errno.
/// Written in C because Swift cannot call fork safely, nor the variadic ioctl at all.
int proptui_spawn_in_pseudo_terminal(
    const char *path, char *const argv[], char *const envp[], unsigned short rows, unsigned short columns,
    int *master, pid_t *pid);

/// Tells the program in the pseudo-terminal its new size (it gets SIGWINCH). Answers 0 or errno.
int proptui_resize_pseudo_terminal(int master, unsigned short rows, unsigned short columns);

#endif
