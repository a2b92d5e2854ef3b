"""Issue 19 item 6: a data directory that cannot be used is said in one sentence with the path and
what to do, by `proptui` and `proptui serve` alike, never as a raw Foundation error
(`NSCocoaErrorDomain Code=642`, "error 512"). Usage: data_directory_test.py /abs/path/to/proptui"""
import os
import pty
import select
import subprocess
import sys
import tempfile
import time

from e2e_support import check, finish


def run_in_terminal(argv, timeout=20):
    """Runs the app in a pseudo-terminal of its own (it refuses to start without one); answers its exit code and output."""
    pid, fd = pty.fork()
    if pid == 0:
        os.execv(argv[0], argv)
    output = b""
    done, status = 0, 0
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        ready, _, _ = select.select([fd], [], [], 0.2)
        if ready:
            try:
                chunk = os.read(fd, 65536)
            except OSError:
                break
            if not chunk:
                break
            output += chunk
        done, status = os.waitpid(pid, os.WNOHANG)
        if done:
            break
    else:
        os.kill(pid, 9)
        os.waitpid(pid, 0)
        return None, output.decode(errors="replace")
    if not done:
        _, status = os.waitpid(pid, 0)
    return os.waitstatus_to_exitcode(status), output.decode(errors="replace")


def main():
    binary = sys.argv[1]
    folder = tempfile.mkdtemp(prefix="proptui-data-dir-")
    a_file = os.path.join(folder, "a-file")
    open(a_file, "w").write("not a folder\n")
    cases = [
        ("a path under a regular file", os.path.join(a_file, "data"), a_file + " is a file, not a folder"),
        ("a regular file", a_file, "it is a file, not a folder"),
    ]
    for what, data_dir, sentence in cases:
        serve = subprocess.run([binary, "serve", "--port", "0", "--data-dir", data_dir],
                               capture_output=True, text=True, timeout=30)
        said = serve.stderr + serve.stdout
        check(serve.returncode != 0 and f"cannot use the data directory {data_dir}: {sentence}" in said
              and "--data-dir" in said and "NSCocoaErrorDomain" not in said,
              f"proptui serve on {what}: one sentence with the path and what to do", said)
        code, shown = run_in_terminal([binary, "--data-dir", data_dir])
        check(code not in (None, 0) and f"cannot use the data directory {data_dir}: {sentence}" in shown
              and "NSCocoaErrorDomain" not in shown,
              f"proptui on {what}: the same sentence", shown)
    check(open(a_file).read() == "not a folder\n", "the file in the way is left as it was")
    finish()


if __name__ == "__main__":
    main()
