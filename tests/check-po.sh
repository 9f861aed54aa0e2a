#!/usr/bin/env bash
# The Russian translation is complete: every file with translatable strings is in
# po/POTFILES.in, and po/ru.po translates every message of the current template.
set -euo pipefail
src=${1:?source dir}
cd "$src"
status=0

# 1. POTFILES.in lists every source with strings for translators
for f in $(grep -rlE '(^|[^a-zA-Z_])(_|N_|C_|NC_|g_dngettext) ?\(' src --include='*.c' | sort) \
         $(grep -rl 'translatable="yes"' ui data --include='*.ui' --include='*.xml*' | sort); do
  if ! grep -qx "$f" po/POTFILES.in; then
    echo "po/POTFILES.in: $f has translatable strings but is not listed"
    status=1
  fi
done

# 2. ru.po covers the current template
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
xgettext --files-from=po/POTFILES.in --directory=. --output="$tmp/all.pot" \
  --from-code=UTF-8 --add-comments --keyword=_ --keyword=N_ --keyword=C_:1c,2 \
  --keyword=NC_:1c,2 --keyword=g_dngettext:2,3 --keyword=ngettext:1,2 --package-name=penumbra-companion \
  2>"$tmp/xgettext.log" || { cat "$tmp/xgettext.log"; exit 1; }
msgmerge --quiet --no-fuzzy-matching po/ru.po "$tmp/all.pot" -o "$tmp/ru.po"
stats=$(msgfmt --check --statistics -o /dev/null "$tmp/ru.po" 2>&1)
echo "ru.po against the current sources: $stats"
if echo "$stats" | grep -qE 'untranslated|fuzzy'; then
  msgattrib --untranslated --no-obsolete "$tmp/ru.po" | grep '^msgid' | head -20
  status=1
fi
msgfmt --check -o /dev/null po/ru.po || status=1

# 3. A player's name (%s) stays in the nominative: «У %s нет…» reads «У Аня нет…»
if grep -nE '^msgstr.*(^|[" ])[Уу] %s' po/ru.po; then
  echo "po/ru.po: a name after «у» would need the genitive; say «%s: нет …» instead"
  status=1
fi
exit $status
