#!/usr/bin/env bash
# Smoke test of the standalone folder built by `make dist`, run as a user with no Python would run it:
# every command starts from `env -i` with HOME in a new temporary folder and PATH=/usr/bin:/bin.
#
#   packaging/smoke_test.sh [--hide-fonts] [DIST_DIR]      (DIST_DIR: dist/MCR-Referee)
#
# Checks: 1. mcr-tournament builds the demo tournament in a new file (the Alembic migrations run from the
# bundle) and prints session 1's score sheets, every font embedded (pdffonts), and `serve` answers (and is
# stopped: no process of the folder is left running); 2. mcr-score's JSON total; 3. mcr-referee --demo
# shows its main window under Xvfb (xwininfo) and exits 0 on SIGTERM; 4. mcr-referee --demo --smoke-test
# opens the demo and a score sheet in its window and writes "ok" (the check the release workflow runs on
# Windows and macOS too).
#
# --hide-fonts re-runs itself in a private mount namespace (unshare -m, root) with empty tmpfs folders over
# the system's fonts and over every Python installation it can find (/usr/lib/python3*, pyenv, GitHub's
# tool cache, the checkout's venv), so that only what the bundle ships can be used.
# Needs: xvfb-run (xvfb), xwininfo (x11-utils), pdffonts (poppler-utils); unshare/mount (util-linux).
set -euo pipefail

hide=0
if [ "${1:-}" = "--hide-fonts" ]; then hide=1; shift; fi
here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
dist=$(cd "${1:-$root/dist/MCR-Referee}" && pwd)

if [ "$hide" = 1 ] && [ -z "${MCR_SMOKE_HIDDEN:-}" ]; then
  hidden=()
  for d in /usr/share/fonts /usr/local/share/fonts /usr/lib/python3* /usr/local/lib/python3* \
           "${PYENV_ROOT:-/root/.pyenv}" /opt/hostedtoolcache "$root/.venv"; do
    # never over the bundle itself (it might live under one of these)
    if [ -d "$d" ] && [ "${dist#"$d"/}" = "$dist" ]; then hidden+=("$d"); fi
  done
  echo "smoke: hiding ${hidden[*]}"
  export MCR_SMOKE_HIDDEN=1 MCR_SMOKE_HIDE_LIST="${hidden[*]}"
  # shellcheck disable=SC2016
  exec unshare -m --propagation private sh -c '
    for d in $MCR_SMOKE_HIDE_LIST; do mount -t tmpfs -o size=1m,mode=755 none "$d" || exit 1; done
    exec bash "$0" --hide-fonts "$1"' "$0" "$dist"
fi

fail() { echo "smoke: FAIL: $*" >&2; exit 1; }
for tool in pdffonts xvfb-run xwininfo; do
  command -v "$tool" >/dev/null || fail "$tool is not installed (poppler-utils, xvfb, x11-utils)"
done

work=$(mktemp -d /tmp/mcr-smoke.XXXXXX)
app_pid=""
cleanup() {
  [ -n "$app_pid" ] && kill -KILL "$app_pid" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT
mkdir -p "$work/home"
cd "$work"
clean() { env -i HOME="$work/home" PATH=/usr/bin:/bin "$@"; }
# For `clean_exec … &`: the background subshell becomes the command itself (exec), so $! is its pid and
# `kill $!` reaches it. With `clean … &` it reached only the subshell, and the command kept running.
clean_exec() { exec env -i HOME="$work/home" PATH=/usr/bin:/bin "$@"; }

if [ "$hide" = 1 ]; then
  [ -z "$(ls -A /usr/share/fonts)" ] || fail "/usr/share/fonts is not hidden"
  if clean sh -c 'command -v python3' >/dev/null && clean python3 -c pass 2>/dev/null; then
    fail "a Python still runs here"
  fi
  echo "smoke: no system fonts and no working Python in this namespace"
fi

echo "smoke: 1/4 mcr-tournament demo + score sheets PDF"
clean "$dist/mcr-tournament" --db d.mcr demo
clean "$dist/mcr-tournament" --db d.mcr report scoresheets --session 1 -o s.pdf
[ -s s.pdf ] || fail "no PDF written"
pdffonts s.pdf > fonts.txt || fail "pdffonts could not read s.pdf"
cat fonts.txt
# columns from the end: object ID (2 fields), uni, sub, emb
fonts=$(awk 'NR > 2' fonts.txt | wc -l)
not_embedded=$(awk 'NR > 2 && $(NF-4) != "yes"' fonts.txt | wc -l)
[ "$fonts" -ge 1 ] || fail "the PDF lists no fonts"
[ "$not_embedded" -eq 0 ] || fail "$not_embedded font(s) not embedded"

# The other outputs load modules the bundle must carry (pypinyin, openpyxl, reportlab's QR code, the
# web server): each runs once from the folder.
clean "$dist/mcr-tournament" --db d.mcr players list --order name > players.txt || fail "players list"
clean "$dist/mcr-tournament" --db d.mcr devices --session 1 --base-url http://127.0.0.1:8765 > links.txt \
  || fail "devices"
clean "$dist/mcr-tournament" --db d.mcr report scoresheets --session 1 --base-url http://127.0.0.1:8765 \
  -o q.pdf || fail "score sheets with the tables' QR codes"
clean "$dist/mcr-tournament" --db d.mcr export r.xlsx --format xlsx || fail "export --format xlsx"
clean "$dist/mcr-tournament" --db d.mcr publish -o site || fail "publish"
[ -s r.xlsx ] && [ -s site/index.html ] || fail "no workbook or website written"
port=$((20000 + RANDOM % 20000))
clean_exec "$dist/mcr-tournament" --db d.mcr serve --port "$port" > serve.log 2>&1 &
serve_pid=$!
answer=""
for _ in $(seq 50); do  # the API answers 401 without a table's token
  answer=$( (exec 3<>"/dev/tcp/127.0.0.1/$port" && printf 'GET /api/table HTTP/1.0\r\n\r\n' >&3 && head -1 <&3) \
    2>/dev/null || true)
  [ -n "$answer" ] && break
  sleep 0.2
done
kill -TERM "$serve_pid" 2>/dev/null; wait "$serve_pid" 2>/dev/null || true
echo "serve: $answer"
echo "$answer" | grep -q " 401" || { cat serve.log; fail "serve: no 401 from /api/table"; }
# the server itself got the SIGTERM and is gone (before, it reached only a subshell: every run left one)
left=$(pgrep -f -- "--db d.mcr serve --port $port" || true)
[ -z "$left" ] || { cat serve.log; fail "serve is still running after SIGTERM (pid $left)"; }

echo "smoke: 2/4 mcr-score"
out=$(clean "$dist/mcr-score" '123456789m123p5s5s' --self-drawn --json)
echo "$out"
echo "$out" | grep -Eq '"total": ?24[,}]' || fail "mcr-score: total is not 24"
# the other rule systems' scorers, loaded by name (Riichi over the bundled mahjong library; Hebei by its profile)
out=$(clean "$dist/mcr-score" --rules riichi-tenhou '123456789m11p406s' --self-drawn --json)
echo "$out" | grep -q '"limit": *"mangan"' || fail "mcr-score --rules riichi-tenhou: no mangan: $out"
out=$(clean "$dist/mcr-score" --rules hebei '[EEE1][777s3]234m456m5p5p' --self-drawn --json)
echo "$out" | grep -Eq '"total": ?12[,}]' || fail "mcr-score --rules hebei: total is not 12: $out"

echo "smoke: 3/4 mcr-referee --demo under Xvfb, then SIGTERM"
cat > gui.sh <<'EOF'
set -u
"$1" --demo > gui.log 2>&1 &
pid=$!
echo "$pid" > app.pid
shown=""
for _ in $(seq 1 240); do  # up to 60 s
  # the main window, titled "MCR Referee — <tournament>" once the demo is open
  if LC_ALL=C.UTF-8 xwininfo -root -tree 2>/dev/null | grep -F '("mcr-referee" ' | grep -q 'MCR Referee — '; then
    shown=1; break
  fi
  kill -0 "$pid" 2>/dev/null || break
  sleep 0.25
done
LC_ALL=C.UTF-8 xwininfo -root -tree | grep -F '("mcr-referee" ' || true
if [ -z "$shown" ]; then echo "main window not shown"; kill -KILL "$pid" 2>/dev/null; exit 3; fi
kill -TERM "$pid"
rc=0
wait "$pid" || rc=$?
echo "exit status after SIGTERM: $rc"
exit "$rc"
EOF
set +e
clean LANG=C.UTF-8 xvfb-run -a -s "-screen 0 1400x900x24" sh gui.sh "$dist/mcr-referee"
rc=$?
set -e
sed 's/^/  app: /' gui.log
[ "$rc" -eq 0 ] || fail "mcr-referee: status $rc (3: no window; 143: killed by SIGTERM)"
# the main window's closeEvent saves its geometry: proof that SIGTERM closed it normally
grep -rqs geometry "$work/home" || fail "no window geometry saved: closeEvent did not run"

echo "smoke: 4/4 mcr-referee --demo --smoke-test under Xvfb (the window opens the demo and a score sheet)"
rm -rf "$work/home"; mkdir -p "$work/home"  # a first start: no settings, no demo template
set +e
clean LANG=C.UTF-8 xvfb-run -a -s "-screen 0 1400x900x24" "$dist/mcr-referee" --demo --smoke-test "$work/ok.txt" \
  > smoke-app.log 2>&1
rc=$?
set -e
sed 's/^/  app: /' smoke-app.log
echo "  result: $(cat "$work/ok.txt" 2>/dev/null || echo '(none)')"
[ "$rc" -eq 0 ] && [ "$(cat "$work/ok.txt" 2>/dev/null)" = ok ] || fail "mcr-referee --smoke-test: status $rc"
log=$(find "$work/home" -name mcr-referee.log | head -1)
[ -n "$log" ] && grep -q "smoke test: ok" "$log" || fail "no log file with the smoke test's line in the app's home"

echo "smoke${MCR_SMOKE_HIDDEN:+ (system fonts and Python hidden)}: all four checks passed"
echo "smoke: 4 passed, 0 failed"
