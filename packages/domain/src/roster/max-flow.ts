/**
 * A maximum flow (Dinic's algorithm) on a small network of integer
 * capacities: the roster's "cover as many duties as the rules allow".
 */

export interface FlowNetwork {
  nodeCount: number;
  edges: { from: number; to: number; capacity: number }[];
}

/** The flow on each of `network.edges`, a maximum one from `source` to `sink`. */
export function maxFlow(network: FlowNetwork, source: number, sink: number): number[] {
  const n = network.nodeCount;
  // Residual graph: edge 2i is network.edges[i], 2i + 1 its reverse.
  const to = new Int32Array(network.edges.length * 2);
  const rest = new Float64Array(network.edges.length * 2);
  const adjacency: number[][] = Array.from({ length: n }, () => []);
  network.edges.forEach((edge, i) => {
    to[2 * i] = edge.to;
    rest[2 * i] = edge.capacity;
    to[2 * i + 1] = edge.from;
    rest[2 * i + 1] = 0;
    adjacency[edge.from]!.push(2 * i);
    adjacency[edge.to]!.push(2 * i + 1);
  });
  const level = new Int32Array(n);
  const next = new Int32Array(n);

  const bfs = (): boolean => {
    level.fill(-1);
    level[source] = 0;
    const queue = [source];
    for (let head = 0; head < queue.length; head++) {
      const u = queue[head]!;
      for (const e of adjacency[u]!) {
        if (rest[e]! > 0 && level[to[e]!] === -1) {
          level[to[e]!] = level[u]! + 1;
          queue.push(to[e]!);
        }
      }
    }
    return level[sink] !== -1;
  };

  // Iterative depth-first search for one augmenting path in the level graph; its bottleneck, or 0.
  const augment = (): number => {
    const path: number[] = [];
    let u = source;
    for (;;) {
      if (u === sink) {
        let bottleneck = Infinity;
        for (const e of path) bottleneck = Math.min(bottleneck, rest[e]!);
        for (const e of path) {
          rest[e] = rest[e]! - bottleneck;
          rest[e ^ 1] = rest[e ^ 1]! + bottleneck;
        }
        return bottleneck;
      }
      const edges = adjacency[u]!;
      let advanced = false;
      while (next[u]! < edges.length) {
        const e = edges[next[u]!]!;
        if (rest[e]! > 0 && level[to[e]!] === level[u]! + 1) {
          path.push(e);
          u = to[e]!;
          advanced = true;
          break;
        }
        next[u]!++;
      }
      if (advanced) continue;
      // Dead end: retreat, and never try this node's edge again in this phase.
      level[u] = -1;
      if (path.length === 0) return 0;
      const back = path.pop()!;
      u = to[back ^ 1]!;
      next[u]!++;
    }
  };

  while (bfs()) {
    next.fill(0);
    while (augment() > 0);
  }
  return network.edges.map((edge, i) => edge.capacity - rest[2 * i]!);
}
