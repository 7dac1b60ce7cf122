# Sourced by the launchers in bin/. Java reads file names, arguments and paths in the locale's
# charset; under the C/POSIX locale (cron, containers, ssh without a locale) that is ASCII, and a
# file such as "Zürich.csv" or a folder "Données" cannot be named at all. Linux file names are UTF-8
# by convention, so such a start runs in C.UTF-8; any other locale the person chose is kept.
if [ "$(locale charmap 2>/dev/null)" = ANSI_X3.4-1968 ] && locale -a 2>/dev/null | grep -qix 'c\.utf-\{0,1\}8'; then
  export LC_ALL=C.UTF-8
fi
