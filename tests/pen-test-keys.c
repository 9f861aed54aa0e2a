/* pen-test-keys.c: real key presses for the UI tests
 *
 * GTK 4 has no public way to make a key event (gtk_test_widget_send_key () went with GTK 3),
 * and a key controller's "key-pressed" emitted by hand skips what a key really meets on its
 * way (a search entry's key bindings, a popover's Escape). The X server's XTEST extension
 * presses a key as the keyboard would. libXtst is loaded when needed: only its run-time
 * library is installed on the build machines.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "pen-test-gtk-utils.h"
#include "pen-test-keys.h"

#ifdef PEN_TEST_HAVE_X11

#include <dlfcn.h>
#include <gdk/x11/gdkx.h>
#include <X11/keysym.h>

typedef int (*FakeKeyFunc) (Display      *display,
                            unsigned int  keycode,
                            Bool          is_press,
                            unsigned long delay);

static FakeKeyFunc
fake_key_func (void)
{
  static gsize once;
  static FakeKeyFunc func;

  if (g_once_init_enter (&once))
    {
      /* kept loaded for the process's life */
      void *lib = dlopen ("libXtst.so.6", RTLD_NOW | RTLD_LOCAL);

      if (lib != NULL)
        func = (FakeKeyFunc) dlsym (lib, "XTestFakeKeyEvent");
      g_once_init_leave (&once, 1);
    }
  return func;
}

gboolean
pen_test_keys_available (void)
{
  GdkDisplay *display = gdk_display_get_default ();

  return display != NULL && GDK_IS_X11_DISPLAY (display) && fake_key_func () != NULL;
}

static void
press (Display *xdisplay,
       KeySym   keysym,
       gboolean down)
{
  KeyCode code = XKeysymToKeycode (xdisplay, keysym);

  g_assert_cmpuint (code, !=, 0);
  fake_key_func () (xdisplay, code, down, CurrentTime);
}

void
pen_test_send_key (GtkWidget       *widget,
                   guint            keyval,
                   GdkModifierType  mods)
{
  GdkDisplay *display = gtk_widget_get_display (widget);
  GtkRoot *root = gtk_widget_get_root (widget);
  Display *xdisplay;
  GdkSurface *surface;

  g_assert_true (pen_test_keys_available ());
  g_assert_nonnull (root);
  xdisplay = gdk_x11_display_get_xdisplay (display);
  surface = gtk_native_get_surface (GTK_NATIVE (root));
  g_assert_nonnull (surface);

  /* no window manager gives the focus under xvfb-run */
  XSetInputFocus (xdisplay, gdk_x11_surface_get_xid (surface), RevertToParent, CurrentTime);
  if (mods & GDK_SHIFT_MASK)
    press (xdisplay, XK_Shift_L, TRUE);
  if (mods & GDK_CONTROL_MASK)
    press (xdisplay, XK_Control_L, TRUE);
  /* GDK's key values are X's keysyms */
  press (xdisplay, keyval, TRUE);
  press (xdisplay, keyval, FALSE);
  if (mods & GDK_CONTROL_MASK)
    press (xdisplay, XK_Control_L, FALSE);
  if (mods & GDK_SHIFT_MASK)
    press (xdisplay, XK_Shift_L, FALSE);
  /* the reply comes after the events the keys made: they wait in Xlib's queue for GDK */
  XSync (xdisplay, False);
  pen_test_flush ();
  /* and the frames it asked for, as before a person's next key: a list the key filtered lays
   * out its rows in a frame, and a Down moves among the rows laid out */
  pen_test_wait_frames (2);
}

#else /* !PEN_TEST_HAVE_X11 */

gboolean
pen_test_keys_available (void)
{
  return FALSE;
}

void
pen_test_send_key (GtkWidget       *widget,
                   guint            keyval,
                   GdkModifierType  mods)
{
  g_assert_not_reached ();
}

#endif

void
pen_test_type_text (GtkWidget  *widget,
                    const char *text)
{
  for (const char *p = text; *p != '\0'; p++)
    {
      guint keyval = gdk_unicode_to_keyval ((guchar) *p);
      gboolean upper = g_ascii_isupper (*p);

      g_assert_true (g_ascii_isalnum (*p) || *p == ' ');
      pen_test_send_key (widget, upper ? gdk_keyval_to_lower (keyval) : keyval,
                         upper ? GDK_SHIFT_MASK : 0);
    }
}
