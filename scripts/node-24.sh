#!/usr/bin/env bash
# Node.js 24 LTS for a machine whose own Node.js is older (Debian's is 18, this
# machine kind's image has 20). The npm registry's node-linux-$flightline_arch package ships
# the official binary; it goes in a folder of its own, nothing system-wide is
# replaced. Source it to put that Node.js first on PATH:
#
#   . scripts/node-24.sh      # then: node --version → v24.x
#
# Used by .ci/run and by the README's set-up. Does nothing when the node on
# PATH is already 24 or newer.
flightline_node_major() { node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0; }
if [ "$(flightline_node_major)" -lt 24 ]; then
  case "$(uname -m)" in aarch64|arm64) flightline_arch=arm64 ;; *) flightline_arch=x64 ;; esac
  FLIGHTLINE_NODE_DIR="${FLIGHTLINE_NODE_DIR:-$HOME/.cache/flightline/node-24}"
  flightline_node_bin="$FLIGHTLINE_NODE_DIR/node_modules/node-linux-$flightline_arch/bin"
  if [ ! -x "$flightline_node_bin/node" ]; then
    echo "Installing Node.js 24 from the npm registry (node-linux-$flightline_arch@24) in $FLIGHTLINE_NODE_DIR" >&2
    mkdir -p "$FLIGHTLINE_NODE_DIR"
    npm install --prefix "$FLIGHTLINE_NODE_DIR" --no-save --no-audit --no-fund --loglevel=error node-linux-$flightline_arch@24 >&2
  fi
  export PATH="$flightline_node_bin:$PATH"
  hash -r
fi
unset -f flightline_node_major; unset flightline_arch flightline_node_bin
