#!/usr/bin/env bash
# Generates the demo videos of the content library (issue 6) into server/seed-media/: for each video a short
# H.264/AAC MP4 (320x180, 15 fps, 6 s, a test pattern tinted per video with its title drawn on it and a sine
# tone), a JPEG thumbnail, and WebVTT subtitles in English and Spanish. Nothing is downloaded.
#
# The outputs are committed, so neither CI nor the seed needs ffmpeg. To regenerate them:
#   sudo apt-get install -y ffmpeg      # Debian's package; fonts-dejavu-core for the titles
#   bash scripts/media/generate-demo-media.sh
# The seed (server/src/db/seed-content.ts) names the same slugs; keep the two lists in step.
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
OUT="$ROOT/server/seed-media"
FONT="/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"
SECONDS_LONG=6
mkdir -p "$OUT"

# slug|title|hue (degrees)|tone (Hz)|Spanish title
VIDEOS=(
  "naming-your-emotions|Naming your emotions|0|440|Nombrar tus emociones"
  "staying-calm-under-pressure|Staying calm under pressure|30|466|Mantener la calma bajo presion"
  "empathy-at-work|Empathy at work|60|494|Empatia en el trabajo"
  "active-listening|Active listening|90|523|Escucha activa"
  "clear-emails|Writing clear emails|120|554|Correos claros"
  "giving-feedback|Giving feedback that lands|150|587|Dar una buena opinion"
  "small-talk|Small talk with confidence|180|622|Conversar con confianza"
  "networking-basics|Networking basics|210|659|Bases del networking"
  "working-in-teams|Working in diverse teams|240|698|Trabajar en equipos diversos"
  "tell-me-about-yourself|Tell me about yourself|270|740|Hablame de ti"
  "star-answers|Answering with STAR|300|784|Responder con STAR"
  "questions-to-ask|Questions to ask the interviewer|330|831|Preguntas para el entrevistador"
)

draw=""
if [ -f "$FONT" ]; then
  draw=",drawbox=y=ih-52:w=iw:h=52:color=black@0.6:t=fill,drawtext=fontfile=$FONT:fontsize=17:fontcolor=white:x=(w-text_w)/2:y=h-36:text='%TITLE%'"
fi

vtt_time() { printf '00:00:%02d.000' "$1"; }

for entry in "${VIDEOS[@]}"; do
  IFS='|' read -r slug title hue tone title_es <<<"$entry"
  filter="hue=h=${hue}:s=0.8${draw//%TITLE%/$title}"
  ffmpeg -hide_banner -loglevel error -y \
    -f lavfi -i "testsrc2=s=320x180:r=15:d=${SECONDS_LONG}" \
    -f lavfi -i "sine=frequency=${tone}:sample_rate=22050:duration=${SECONDS_LONG}" \
    -vf "$filter" -c:v libx264 -preset veryslow -profile:v baseline -pix_fmt yuv420p \
    -b:v 90k -maxrate 110k -bufsize 220k -g 30 \
    -af "volume=0.2" -c:a aac -b:a 24k -ac 1 \
    -movflags +faststart -map_metadata -1 -fflags +bitexact -flags:v +bitexact -flags:a +bitexact \
    "$OUT/$slug.mp4"
  ffmpeg -hide_banner -loglevel error -y -ss 2 -i "$OUT/$slug.mp4" -frames:v 1 -q:v 5 "$OUT/$slug.jpg"
  {
    echo "WEBVTT"
    echo
    echo "1"; echo "$(vtt_time 0) --> $(vtt_time 2)"; echo "$title"; echo
    echo "2"; echo "$(vtt_time 2) --> $(vtt_time 4)"; echo "Watch closely and think of one situation at work."; echo
    echo "3"; echo "$(vtt_time 4) --> $(vtt_time 6)"; echo "Try it this week, then note what changed."
  } >"$OUT/$slug.en.vtt"
  {
    echo "WEBVTT"
    echo
    echo "1"; echo "$(vtt_time 0) --> $(vtt_time 2)"; echo "$title_es"; echo
    echo "2"; echo "$(vtt_time 2) --> $(vtt_time 4)"; echo "Observa con atencion y piensa en una situacion del trabajo."; echo
    echo "3"; echo "$(vtt_time 4) --> $(vtt_time 6)"; echo "Pruebalo esta semana y anota lo que cambio."
  } >"$OUT/$slug.es.vtt"
  echo "$slug: $(stat -c %s "$OUT/$slug.mp4") bytes video, $(stat -c %s "$OUT/$slug.jpg") bytes thumbnail"
done
