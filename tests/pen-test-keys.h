/* pen-test-keys.h: real key presses for the UI tests
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* Whether keys can be sent: an X11 display with the XTEST extension (the UI tests run under
 * xvfb-run); a test that needs keys skips itself when not */
gboolean pen_test_keys_available (void);

/* Presses and releases the key keyval (with Shift or Control held while mods says so) on the
 * X server, as the keyboard would, with the keyboard focus given first to widget's window;
 * returns once GTK has handled the key (the server's reply to a round trip, then the main
 * loop until nothing is pending). The key goes through GTK's whole handling: the window's
 * shortcuts, key bindings, popovers, the focus widget. */
void     pen_test_send_key       (GtkWidget       *widget,
                                  guint            keyval,
                                  GdkModifierType  mods);

/* Types text (ASCII letters, digits, spaces) with pen_test_send_key () */
void     pen_test_type_text      (GtkWidget       *widget,
                                  const char      *text);

G_END_DECLS
