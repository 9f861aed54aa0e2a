/* pen-file.h: files that a failed write cannot damage, one writer per file, fault injection
 *
 * Every file the project writes (saves, the archive, the user's catalogue and board files)
 * goes through pen_file_write_atomic (): the bytes go to a temporary file in the same folder,
 * which is fsynced and only then renamed over the target; the folder is fsynced last. Any
 * error leaves the old file (or no file) as it was, removes the temporary file and is
 * reported, naming the file and the cause.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

/* Where a write can be made to fail, for tests (pen_file_set_fault () or, for another
 * process, PENUMBRA_FAULT=STAGE:ERRNO[:N] in the environment, e.g. "write:ENOSPC" or
 * "rename:EROFS:3", N counting the writes of the process from 1: only the Nth fails). */
typedef enum
{
  PEN_FILE_FAULT_NONE,
  PEN_FILE_FAULT_OPEN,        /* creating the temporary file (EACCES, EROFS) */
  PEN_FILE_FAULT_WRITE,       /* half the bytes are written, then the error (ENOSPC) */
  PEN_FILE_FAULT_FSYNC,       /* fsync of the temporary file (EIO) */
  PEN_FILE_FAULT_RENAME,      /* the rename over the target (EROFS, EIO) */
  PEN_FILE_FAULT_DIR_FSYNC,   /* fsync of the folder, after the rename (EIO) */
} PenFileFault;

/* In-process hook: every later write fails at stage with errno err (stage NONE: none fails).
 * Takes precedence over PENUMBRA_FAULT. */
void         pen_file_set_fault        (PenFileFault   stage,
                                        int            err);

/* What identifies one version of a file on disk */
typedef struct
{
  gboolean exists;
  guint64  device;
  guint64  inode;
  guint64  size;
  gint64   mtime_ns;
} PenFileStamp;

gboolean     pen_file_get_stamp        (const char    *filename,
                                        PenFileStamp  *stamp);
gboolean     pen_file_stamp_equal      (const PenFileStamp *a,
                                        const PenFileStamp *b);

/* Replaces filename with length bytes of data (mode for a new file, e.g. 0644), creating the
 * folder if needed. On success *stamp (if not NULL) identifies the new file. PEN_ERROR_IO
 * "FILENAME: CAUSE" on failure, the old file untouched. */
gboolean     pen_file_write_atomic     (const char    *filename,
                                        const char    *data,
                                        gsize          length,
                                        int            mode,
                                        PenFileStamp  *stamp,
                                        GError       **error);

/* As pen_file_write_atomic (), for a file that must not exist yet: it appears whole or not
 * at all, and never replaces one (G_IO_ERROR_EXISTS then) */
gboolean     pen_file_create_atomic    (const char    *filename,
                                        const char    *data,
                                        gsize          length,
                                        int            mode,
                                        GError       **error);

/* Bytes written by pen_file_write_atomic () in this process (for benchmarks) */
guint64      pen_file_get_bytes_written (void);

/* Removes what interrupted writes left in folder: this project's temporary files
 * (".NAME.XXXXXX.tmp") and GIO's (".goutputstream-XXXXXX") older than min_age seconds.
 * Returns how many were removed. */
guint        pen_file_clean_leftovers  (const char    *folder,
                                        gint64         min_age);

/* Removes every temporary file of filename's earlier writes, whatever its age: only for the
 * holder of filename's lock (no other write of it can be running) */
guint        pen_file_clean_temporaries (const char   *filename);

/* An advisory lock (flock on the hidden ".NAME.lock" beside filename) held by the one
 * process that changes the file. Waits up to timeout_ms (PENUMBRA_LOCK_TIMEOUT_MS overrides),
 * then fails with PEN_ERROR_REFUSED "FILENAME: another program is changing it …". */
typedef struct _PenFileLock PenFileLock;

PenFileLock *pen_file_lock             (const char    *filename,
                                        guint          timeout_ms,
                                        GError       **error);
void         pen_file_unlock           (PenFileLock   *lock);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (PenFileLock, pen_file_unlock)

G_END_DECLS
