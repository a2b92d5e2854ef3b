#!/usr/bin/env bash
# Remakes every demo recording and picture in Resources/demo from its tape: plays each
# Resources/demo/*.tape with `proptui demo` (a fresh embedded server each time), then draws the
# recording as an animated GIF and a PNG per `Screenshot` with Scripts/render_cast.py (pyte and
# Pillow from PyPI, in a virtual environment; fonts from Debian). Commit what it writes.
#
#     Scripts/make-demos.sh [TAPE…]      (default: every tape)
set -euo pipefail
cd "$(dirname "$0")/.."

packages=(fonts-dejavu-core fonts-noto-cjk)
python3 -c "import ensurepip, venv" 2>/dev/null || packages+=(python3-venv)
missing=()
for package in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done
if [ ${#missing[@]} -gt 0 ]; then
    sudo=""
    [ "$(id -u)" -eq 0 ] || sudo="sudo"
    echo "make-demos: installing ${missing[*]}"
    $sudo apt-get update
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y "${missing[@]}"
fi

venv=.build/demo-venv
[ -x "$venv/bin/python" ] || python3 -m venv "$venv"
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check "pyte==0.8.2" "pillow>=10" "fonttools>=4.40"

swift build --product proptui
proptui="$(swift build --show-bin-path)/proptui"

tapes=("$@")
[ ${#tapes[@]} -gt 0 ] || tapes=(Resources/demo/*.tape)
for tape in "${tapes[@]}"; do
    name="Resources/demo/$(basename "$tape" .tape)"
    "$proptui" demo "$tape" -o "$name.cast"
    "$venv/bin/python" Scripts/render_cast.py "$name.cast" --gif "$name.gif" --stills Resources/demo
done
