#define _GNU_SOURCE
#include "pseudo_terminal.h"

#include <errno.h>
#include <fcntl.h>
#include <pty.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/ioctl.h>
#include <termios.h>
#include <unistd.h>

int proptui_spawn_in_pseudo_terminal(
    const char *path, char *const argv[], char *const envp[], unsigned short rows, unsigned short columns,
    int *master, pid_t *pid) {
    struct winsize size = {.ws_row = rows, .ws_col = columns};
    int master_fd = -1;
    int slave_fd = -1;
    if (openpty(&master_fd, &slave_fd, NULL, NULL, &size) != 0) return errno;
    fcntl(master_fd, F_SETFD, FD_CLOEXEC);
    fcntl(master_fd, F_SETFL, fcntl(master_fd, F_GETFL) | O_NONBLOCK);
    pid_t child = fork();
    if (child < 0) {
        int error = errno;
        close(master_fd);
        close(slave_fd);
        return error;
    }
    if (child == 0) {
        // Only async-signal-safe calls from here to execve: the parent has other threads.
        sigset_t none;
        sigemptyset(&none);
        sigprocmask(SIG_SETMASK, &none, NULL);
        signal(SIGPIPE, SIG_DFL);
        setsid();
        ioctl(slave_fd, TIOCSCTTY, 0);
        dup2(slave_fd, STDIN_FILENO);
        dup2(slave_fd, STDOUT_FILENO);
        dup2(slave_fd, STDERR_FILENO);
        // Nothing else of ours goes with it: a listening socket or a connection held open by
        // the child would keep its peer from ever seeing it closed.
        closefrom(STDERR_FILENO + 1);
        execve(path, argv, envp);
        _exit(127);
    }
    close(slave_fd);
    *master = master_fd;
    *pid = child;
    return 0;
}

int proptui_resize_pseudo_terminal(int master, unsigned short rows, unsigned short columns) {
    struct winsize size = {.ws_row = rows, .ws_col = columns};
    return ioctl(master, TIOCSWINSZ, &size) == 0 ? 0 : errno;
}
