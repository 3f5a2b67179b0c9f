#!/usr/bin/env bash
# Build the offline bundle of arbiter_app with PyInstaller (Linux is built and tested; see installer/README.md).
#
#   bash installer/build.sh [--dist DIR] [--work DIR] [--venv DIR]
#
# 1. creates (or reuses) the build virtualenv, by default build/installer-venv, apart from any
#    development virtualenv;
# 2. installs the build tools (installer/requirements-build.txt: PyInstaller) and the project into it;
# 3. runs PyInstaller on installer/arbiter_app.spec, writing DIST/arbiter_app-<version>-<os>-<arch>/
#    (one folder holding the executable arbiter-app and everything it needs);
# 4. checks that the bundled executable answers --version, and packs the folder into
#    DIST/arbiter_app-<version>-<os>-<arch>.tar.gz.
#
# Defaults: DIST = dist/, WORK = build/pyinstaller/ (both ignored by git).  The environment variables
# ARBITER_DIST, ARBITER_BUILD_WORK, ARBITER_BUILD_VENV and PYTHON (the interpreter that makes the
# virtualenv, python3 by default: 3.11 or newer) do the same as the options.
#
# Exit status: 0 built; 1 the build failed; 2 bad usage or Python too old;
# 3 PyInstaller (or the build tools) could not be installed from PyPI, e.g. no network.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
DIST=${ARBITER_DIST:-$ROOT/dist}
WORK=${ARBITER_BUILD_WORK:-$ROOT/build/pyinstaller}
VENV=${ARBITER_BUILD_VENV:-$ROOT/build/installer-venv}
PYTHON=${PYTHON:-python3}

usage() { sed -n '2,19p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'; }
say() { printf 'build.sh: %s\n' "$*" >&2; }

while [ $# -gt 0 ]; do
  case "$1" in
    --dist) DIST=${2:?--dist needs a folder}; shift 2 ;;
    --work) WORK=${2:?--work needs a folder}; shift 2 ;;
    --venv) VENV=${2:?--venv needs a folder}; shift 2 ;;
    -h|--help) usage; exit 0 ;;
    *) say "unknown argument: $1"; usage >&2; exit 2 ;;
  esac
done
mkdir -p "$DIST" "$WORK"
DIST=$(cd "$DIST" && pwd)
WORK=$(cd "$WORK" && pwd)

case "$(uname -s)" in
  Linux) ;;
  *) say "warning: only the Linux bundle is built and tested; on $(uname -s) this recipe is untested" ;;
esac

# One build at a time in a virtualenv: a second waits for the first (two at once would install into it together).
mkdir -p "$(dirname "$VENV")"
if command -v flock >/dev/null 2>&1; then
  exec 9>"$VENV.lock"
  flock 9
fi

# 1. The build virtualenv.
if [ -x "$VENV/bin/python" ] && ! "$VENV/bin/python" -m pip --version >/dev/null 2>&1; then
  # Left half-made (a build stopped while the virtualenv was being created, or made without pip): made again,
  # not taken for a machine with no network.
  say "the build virtualenv $VENV has no pip: making it again"
  rm -rf "$VENV"
fi
if [ -x "$VENV/bin/python" ]; then
  say "reusing the build virtualenv $VENV"
else
  if ! "$PYTHON" -c 'import sys; sys.exit(sys.version_info < (3, 11))' 2>/dev/null; then
    say "$PYTHON is missing or older than Python 3.11 (set PYTHON=/path/to/python3.11)"
    exit 2
  fi
  say "creating the build virtualenv $VENV"
  "$PYTHON" -m venv "$VENV" || { say "could not create the virtualenv $VENV"; exit 1; }
fi
VPY="$VENV/bin/python"
pip() { "$VPY" -m pip --disable-pip-version-check --no-input -q "$@"; }

# 2. Build tools, then the project (editable: PyInstaller reads the source tree anyway).
say "installing the build tools (installer/requirements-build.txt)"
if ! pip install -r "$ROOT/installer/requirements-build.txt"; then
  say "PyInstaller could not be installed from PyPI (no network?)"
  exit 3
fi
say "installing arbiter_app and its dependencies"
pip install --no-build-isolation -e "$ROOT" || { say "could not install the project into $VENV"; exit 1; }

# 2b. The Qt binding must not leak references to None on this Python (issue 21: the bundle would abort).
say "checking the Qt binding: $("$VPY" -c 'import sys, PySide6; print(f"Python {sys.version.split()[0]}, PySide6 {PySide6.__version__}")')"
if ! QT_QPA_PLATFORM=offscreen "$VPY" "$ROOT/installer/check_binding.py" >&2; then
  say "this Qt binding loses references to None on this Python: the bundle would abort (see installer/README.md)"
  exit 1
fi

NAME=$("$VPY" "$ROOT/installer/bundle_name.py")
say "building $NAME with $("$VPY" -m PyInstaller --version 2>/dev/null | head -n1 | sed 's/^/PyInstaller /')"
rm -rf "${DIST:?}/$NAME" "$DIST/$NAME.tar.gz" "$DIST/$NAME.app"

# 3. PyInstaller.  Run from the root so that nothing else on sys.path shadows the source tree.
(cd "$ROOT" && "$VPY" -m PyInstaller --noconfirm --log-level WARN \
    --distpath "$DIST" --workpath "$WORK" "$ROOT/installer/arbiter_app.spec") \
  || { say "PyInstaller failed"; exit 1; }

BUNDLE="$DIST/$NAME"
EXE="$BUNDLE/arbiter-app"
[ -x "$EXE" ] || { say "no executable at $EXE"; exit 1; }

# 4. A first check, and the archive.
if ! VERSION_LINE=$("$EXE" --version); then
  say "the bundled executable failed on --version"
  exit 1
fi
say "bundled executable says: $VERSION_LINE"
tar -C "$DIST" --owner=0 --group=0 --numeric-owner -czf "$DIST/$NAME.tar.gz" "$NAME"
say "bundle:  $BUNDLE ($(du -sh "$BUNDLE" | cut -f1))"
say "archive: $DIST/$NAME.tar.gz ($(du -sh "$DIST/$NAME.tar.gz" | cut -f1))"
printf '%s\n' "$BUNDLE" "$DIST/$NAME.tar.gz"
