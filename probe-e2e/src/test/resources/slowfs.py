#!/usr/bin/python3
"""A disk whose forced writes take longer: a FUSE passthrough of BACKING at MOUNT whose fsync and fdatasync
sleep DELAY_MS before they force the backing file, as a slower standby redo log device would. Test fixture of
FarSyncDiskIT (issue 41). Usage: slowfs.py BACKING MOUNT DELAY_MS (runs in the foreground until unmounted)."""
import errno
import os
import sys
import time

from fusepy import FUSE, FuseOSError, Operations


class Slow(Operations):
    def __init__(self, root, delay_s):
        self.root = root
        self.delay_s = delay_s

    def _p(self, path):
        return os.path.join(self.root, path.lstrip('/'))

    def access(self, path, mode):
        if not os.access(self._p(path), mode):
            raise FuseOSError(errno.EACCES)

    def getattr(self, path, fh=None):
        st = os.lstat(self._p(path))
        return {k: getattr(st, k) for k in ('st_atime', 'st_ctime', 'st_gid', 'st_mode', 'st_mtime', 'st_nlink',
                                            'st_size', 'st_uid')}

    def readdir(self, path, fh):
        return ['.', '..'] + os.listdir(self._p(path))

    def statfs(self, path):
        s = os.statvfs(self._p(path))
        return {k: getattr(s, k) for k in ('f_bavail', 'f_bfree', 'f_blocks', 'f_bsize', 'f_favail', 'f_ffree',
                                           'f_files', 'f_flag', 'f_frsize', 'f_namemax')}

    def mkdir(self, path, mode):
        os.mkdir(self._p(path), mode)

    def rmdir(self, path):
        os.rmdir(self._p(path))

    def unlink(self, path):
        os.unlink(self._p(path))

    def rename(self, old, new):
        os.rename(self._p(old), self._p(new))

    def chmod(self, path, mode):
        os.chmod(self._p(path), mode)

    def chown(self, path, uid, gid):
        os.chown(self._p(path), uid, gid)

    def utimens(self, path, times=None):
        os.utime(self._p(path), times)

    def truncate(self, path, length, fh=None):
        with open(self._p(path), 'r+b') as f:
            f.truncate(length)

    def open(self, path, flags):
        return os.open(self._p(path), flags & ~os.O_DIRECT)

    def create(self, path, mode, fi=None):
        return os.open(self._p(path), os.O_WRONLY | os.O_CREAT, mode)

    def read(self, path, size, offset, fh):
        return os.pread(fh, size, offset)

    def write(self, path, data, offset, fh):
        return os.pwrite(fh, data, offset)

    def flush(self, path, fh):
        return 0

    def release(self, path, fh):
        os.close(fh)

    def fsync(self, path, datasync, fh):
        time.sleep(self.delay_s)
        if datasync:
            os.fdatasync(fh)
        else:
            os.fsync(fh)
        return 0


if __name__ == '__main__':
    backing, mount, delay_ms = sys.argv[1], sys.argv[2], float(sys.argv[3])
    FUSE(Slow(backing, delay_ms / 1000.0), mount, foreground=True, nothreads=False, big_writes=True)
