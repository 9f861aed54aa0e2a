/* pen-file.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gstdio.h>
#include <stdlib.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include "pen-file.h"
#include "pen-types.h"

static PenFileFault fault_stage;
static int fault_errno;
static gboolean fault_set;
static guint write_count;
static guint64 bytes_written;

void
pen_file_set_fault (PenFileFault stage,
                    int          err)
{
  fault_stage = stage;
  fault_errno = err;
  fault_set = TRUE;
}

static int
errno_from_name (const char *name)
{
  static const struct { const char *name; int value; } names[] = {
    { "ENOSPC", ENOSPC }, { "EACCES", EACCES }, { "EROFS", EROFS }, { "EIO", EIO },
    { "EDQUOT", EDQUOT }, { "EPERM", EPERM }, { "ENOENT", ENOENT }, { "EXDEV", EXDEV },
  };

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    if (g_str_equal (names[i].name, name))
      return names[i].value;
  return EIO;
}

/* The fault for this write (write_count already counts it), from the hook or the environment */
static void
current_fault (PenFileFault *stage,
               int          *err)
{
  const char *env;
  g_auto(GStrv) parts = NULL;
  static const char * const stages[] = { "none", "open", "write", "fsync", "rename",
                                         "dir-fsync" };

  *stage = PEN_FILE_FAULT_NONE;
  *err = 0;
  if (fault_set)
    {
      *stage = fault_stage;
      *err = fault_errno;
      return;
    }
  env = g_getenv ("PENUMBRA_FAULT");
  if (env == NULL || *env == '\0')
    return;
  parts = g_strsplit (env, ":", 3);
  if (parts[0] == NULL || parts[1] == NULL)
    return;
  if (parts[2] != NULL && g_ascii_strtoull (parts[2], NULL, 10) != write_count)
    return;
  for (guint i = 0; i < G_N_ELEMENTS (stages); i++)
    if (g_str_equal (stages[i], parts[0]))
      {
        *stage = i;
        *err = errno_from_name (parts[1]);
      }
}

static void
stamp_from_stat (PenFileStamp      *stamp,
                 const struct stat *st)
{
  stamp->exists = TRUE;
  stamp->device = st->st_dev;
  stamp->inode = st->st_ino;
  stamp->size = st->st_size;
  stamp->mtime_ns = (gint64) st->st_mtim.tv_sec * G_GINT64_CONSTANT (1000000000)
                    + st->st_mtim.tv_nsec;
}

gboolean
pen_file_get_stamp (const char   *filename,
                    PenFileStamp *stamp)
{
  struct stat st;

  memset (stamp, 0, sizeof *stamp);
  if (stat (filename, &st) != 0)
    return FALSE;
  stamp_from_stat (stamp, &st);
  return TRUE;
}

gboolean
pen_file_stamp_equal (const PenFileStamp *a,
                      const PenFileStamp *b)
{
  if (!a->exists || !b->exists)
    return a->exists == b->exists;
  return a->device == b->device && a->inode == b->inode && a->size == b->size
         && a->mtime_ns == b->mtime_ns;
}

guint64
pen_file_get_bytes_written (void)
{
  return bytes_written;
}

static gboolean
fail (GError     **error,
      const char  *filename,
      int          err,
      const char  *doing)
{
  g_autofree char *shown = g_filename_display_name (filename);

  g_set_error (error, PEN_ERROR, PEN_ERROR_IO, "%s: %s (%s)", shown, g_strerror (err), doing);
  return FALSE;
}

static gboolean
is_leftover (const char *name)
{
  gsize len = strlen (name);

  if (g_str_has_prefix (name, ".goutputstream-"))
    return TRUE;
  /* ".NAME.XXXXXX.tmp" */
  return name[0] == '.' && len > 12 && g_str_has_suffix (name, ".tmp")
         && name[len - 11] == '.';
}

guint
pen_file_clean_leftovers (const char *folder,
                          gint64      min_age)
{
  g_autoptr(GDir) dir = g_dir_open (folder, 0, NULL);
  gint64 now = g_get_real_time () / G_USEC_PER_SEC;
  const char *name;
  guint removed = 0;

  if (dir == NULL)
    return 0;
  while ((name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = NULL;
      struct stat st;

      if (!is_leftover (name))
        continue;
      path = g_build_filename (folder, name, NULL);
      if (lstat (path, &st) == 0 && S_ISREG (st.st_mode) && now - st.st_mtime >= min_age
          && g_unlink (path) == 0)
        removed++;
    }
  return removed;
}

guint
pen_file_clean_temporaries (const char *filename)
{
  g_autofree char *folder = g_path_get_dirname (filename);
  g_autofree char *base = g_path_get_basename (filename);
  g_autofree char *prefix = g_strdup_printf (".%s.", base);
  g_autoptr(GDir) dir = g_dir_open (folder, 0, NULL);
  const char *name;
  guint removed = 0;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = NULL;

      if (!g_str_has_prefix (name, prefix) || !is_leftover (name)
          || strlen (name) != strlen (prefix) + 10)
        continue;
      path = g_build_filename (folder, name, NULL);
      if (g_unlink (path) == 0)
        removed++;
    }
  return removed;
}

static gboolean
write_all (int         fd,
           const char *data,
           gsize       length,
           int         fault)
{
  gsize done = 0;
  gsize stop = fault ? length / 2 : length;

  while (done < stop)
    {
      gssize n = write (fd, data + done, MIN (stop - done, (gsize) G_MAXSSIZE));

      if (n < 0 && errno == EINTR)
        continue;
      if (n < 0)
        return FALSE;
      done += n;
      bytes_written += n;
    }
  if (fault)
    {
      errno = fault;
      return FALSE;
    }
  return TRUE;
}

static gboolean
write_atomic (const char    *filename,
              const char    *data,
              gsize          length,
              int            mode,
              gboolean       replace,
              PenFileStamp  *stamp,
              GError       **error)
{
  g_autofree char *dir = g_path_get_dirname (filename);
  g_autofree char *base = g_path_get_basename (filename);
  g_autofree char *tmp = NULL;
  PenFileFault stage;
  int err, fd, dir_fd;
  struct stat st;

  write_count++;
  current_fault (&stage, &err);

  if (g_mkdir_with_parents (dir, 0777) != 0)
    return fail (error, dir, errno, "creating the folder");
  /* what an earlier write that was killed left behind (a running writer's file is newer) */
  pen_file_clean_leftovers (dir, 60);

  /* the temporary file is in the same folder, so the rename cannot cross file systems */
  {
    g_autofree char *name = g_strdup_printf (".%s.XXXXXX.tmp", base);
    tmp = g_build_filename (dir, name, NULL);
  }
  if (stage == PEN_FILE_FAULT_OPEN)
    return fail (error, filename, err, "creating a temporary file");
  fd = g_mkstemp_full (tmp, O_RDWR | O_CLOEXEC, mode);
  if (fd < 0)
    return fail (error, filename, errno, "creating a temporary file");

  if (!write_all (fd, data, length, stage == PEN_FILE_FAULT_WRITE ? err : 0))
    {
      err = errno;
      goto failed;
    }
  if (stage == PEN_FILE_FAULT_FSYNC || fsync (fd) != 0)
    {
      err = stage == PEN_FILE_FAULT_FSYNC ? err : errno;
      fail (error, filename, err, "flushing to disk");
      close (fd);
      g_unlink (tmp);
      return FALSE;
    }
  if (fstat (fd, &st) != 0)
    memset (&st, 0, sizeof st);
  if (close (fd) != 0)
    {
      err = errno;
      fail (error, filename, err, "closing");
      g_unlink (tmp);
      return FALSE;
    }
  /* only now, every byte on disk, does the new file take the old one's place */
  if (stage == PEN_FILE_FAULT_RENAME
      || (replace ? g_rename (tmp, filename) : link (tmp, filename)) != 0)
    {
      err = stage == PEN_FILE_FAULT_RENAME ? err : errno;
      g_unlink (tmp);
      if (!replace && err == EEXIST)
        {
          g_autofree char *shown = g_filename_display_name (filename);
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_EXISTS, "%s: exists", shown);
          return FALSE;
        }
      return fail (error, filename, err, replace ? "replacing the file" : "creating the file");
    }
  if (!replace)
    g_unlink (tmp);
  if (stamp != NULL)
    stamp_from_stat (stamp, &st);

  /* the rename itself is made durable with the folder */
  dir_fd = open (dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (dir_fd >= 0)
    {
      int r = stage == PEN_FILE_FAULT_DIR_FSYNC ? -1 : fsync (dir_fd);
      int e = stage == PEN_FILE_FAULT_DIR_FSYNC ? err : errno;

      close (dir_fd);
      if (r != 0 && e != EINVAL && e != ENOTSUP)
        return fail (error, filename, e, "flushing the folder to disk");
    }
  return TRUE;

failed:
  fail (error, filename, err, "writing");
  close (fd);
  g_unlink (tmp);
  return FALSE;
}

gboolean
pen_file_write_atomic (const char    *filename,
                       const char    *data,
                       gsize          length,
                       int            mode,
                       PenFileStamp  *stamp,
                       GError       **error)
{
  return write_atomic (filename, data, length, mode, TRUE, stamp, error);
}

gboolean
pen_file_create_atomic (const char  *filename,
                        const char  *data,
                        gsize        length,
                        int          mode,
                        GError     **error)
{
  return write_atomic (filename, data, length, mode, FALSE, NULL, error);
}

struct _PenFileLock
{
  int fd;
};

PenFileLock *
pen_file_lock (const char  *filename,
               guint        timeout_ms,
               GError     **error)
{
  g_autofree char *dir = g_path_get_dirname (filename);
  g_autofree char *base = g_path_get_basename (filename);
  g_autofree char *name = g_strdup_printf (".%s.lock", base);
  g_autofree char *path = g_build_filename (dir, name, NULL);
  const char *env = g_getenv ("PENUMBRA_LOCK_TIMEOUT_MS");
  gint64 deadline;
  PenFileLock *lock;
  int fd;

  if (env != NULL && *env != '\0')
    timeout_ms = g_ascii_strtoull (env, NULL, 10);
  deadline = g_get_monotonic_time () + (gint64) timeout_ms * 1000;

  if (g_mkdir_with_parents (dir, 0777) != 0)
    {
      fail (error, dir, errno, "creating the folder");
      return NULL;
    }
  fd = g_open (path, O_RDWR | O_CREAT | O_CLOEXEC, 0600);
  if (fd < 0)
    {
      fail (error, filename, errno, "locking");
      return NULL;
    }
  while (flock (fd, LOCK_EX | LOCK_NB) != 0)
    {
      int err = errno;

      if (err == EINTR)
        continue;
      if (err != EWOULDBLOCK || g_get_monotonic_time () >= deadline)
        {
          g_autofree char *shown = g_filename_display_name (filename);

          close (fd);
          if (err != EWOULDBLOCK)
            fail (error, filename, err, "locking");
          else
            g_set_error (error, PEN_ERROR, PEN_ERROR_REFUSED, "%s: another program is changing "
                         "this game; nothing was changed, try again when it is done", shown);
          return NULL;
        }
      g_usleep (5000);
    }
  lock = g_new0 (PenFileLock, 1);
  lock->fd = fd;
  return lock;
}

void
pen_file_unlock (PenFileLock *lock)
{
  if (lock == NULL)
    return;
  flock (lock->fd, LOCK_UN);
  close (lock->fd);
  g_free (lock);
}
