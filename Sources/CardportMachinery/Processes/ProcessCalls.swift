#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
@preconcurrency import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The calls to the platform's C library that running a child process (a plugin) needs beyond
/// Foundation's `Process`: its own process group, killing it, and the pipes between the two.
package enum ProcessCalls {
    /// Makes a broken pipe an error of the write (`EPIPE`) instead of a signal that ends this
    /// process: a child may exit without reading all its input.
    package static func ignoreBrokenPipes() {
        signal(SIGPIPE, SIG_IGN)
    }

    /// Asks for a pipe buffer of `size` bytes where the system allows it (Linux; 64 KiB by
    /// default), so that data crosses in fewer, larger reads and writes.
    package static func widenPipe(_ fd: Int32, to size: Int32) {
        #if os(Linux)
        // F_SETPIPE_SZ (1031), which Glibc's Swift module does not export.
        _ = fcntl(fd, 1031, size)
        #endif
    }

    /// Puts the process `pid` at the head of a process group of its own, so that its children can
    /// be killed with it: the group's number, or 0 when that could not be done.
    package static func ownGroup(_ pid: Int32) -> Int32 {
        guard pid > 0 else { return 0 }
        if getpgid(pid) == pid { return pid }
        return setpgid(pid, pid) == 0 || getpgid(pid) == pid ? pid : 0
    }

    /// Kills every process of the group `group` at once (`SIGKILL`).
    package static func killGroup(_ group: Int32) {
        guard group > 0 else { return }
        kill(-group, SIGKILL)
    }

    /// Kills the process `pid` (`SIGKILL`).
    package static func killProcess(_ pid: Int32) {
        guard pid > 0 else { return }
        kill(pid, SIGKILL)
    }
}
