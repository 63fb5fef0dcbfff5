#!/bin/sh
# Regenerates the demo sample video committed at sandbox/src/demo/assets/sample-video.webm.
# The sandbox copies it into the data folder at seed time, so playback works offline without ffmpeg.
# Needs ffmpeg (Debian: apt-get install ffmpeg). VP8 + Opus in WebM plays in Chromium and Electron.
set -eu
out="$(dirname "$0")/../src/demo/assets/sample-video.webm"
ffmpeg -hide_banner -loglevel error -y \
  -f lavfi -i "testsrc2=size=320x180:rate=15:duration=6" \
  -f lavfi -i "sine=frequency=440:sample_rate=48000:duration=6" \
  -c:v libvpx -b:v 120k -g 30 -c:a libopus -b:a 24k -ac 1 \
  -metadata title="Sandbox sample" "$out"
echo "wrote $out"
