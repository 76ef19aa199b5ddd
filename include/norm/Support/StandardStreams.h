//===- StandardStreams.h - keep closed std streams unusable -----*- C++ -*-===//
//
// A process started with standard input, output or error closed (`tool >&-`)
// hands that descriptor number to the next file it opens. A tool then writes
// what it means for standard output into that file, or reads its input from
// it, and may exit with status 0: norm-runner wrote its results into LLVM's
// perf jitdump file, norm-compile with `-o -` wrote its LLVM IR into its own
// header file. reserveClosedStandardStreams opens /dev/null on each closed
// standard descriptor, in the direction the descriptor is not used in
// (read-only for 1 and 2, write-only for 0): no file the tool opens later
// gets the number, and every use of the stream fails with EBADF, which the
// tools report as for any other stream ("<tool>: error: cannot write
// '<stdout>': Bad file descriptor"; stderr closed: no message, the same
// exit status). Header-only: norm-translate shares it without the runner
// library.
//
//===----------------------------------------------------------------------===//

#ifndef NORM_SUPPORT_STANDARDSTREAMS_H
#define NORM_SUPPORT_STANDARDSTREAMS_H

#include <cerrno>
#include <fcntl.h>
#include <unistd.h>

namespace mlir {
namespace norm {

/// Opens /dev/null on each of the descriptors 0, 1 and 2 that is closed, as
/// described above. Call it first in main, before anything opens a file.
inline void reserveClosedStandardStreams() {
  for (int fd = 0; fd <= 2; ++fd) {
    if (::fcntl(fd, F_GETFD) != -1 || errno != EBADF)
      continue;
    int opened = ::open("/dev/null", (fd == 0 ? O_WRONLY : O_RDONLY));
    if (opened < 0 || opened == fd)
      continue;
    ::dup2(opened, fd);
    ::close(opened);
  }
}

} // namespace norm
} // namespace mlir

#endif // NORM_SUPPORT_STANDARDSTREAMS_H
