package org.sextant.engine.analogue;

import java.util.Arrays;
import java.util.TreeSet;

/**
 * Bounded selection of the nearest rows: a primitive max-heap keeps the best {@code capacity}
 * (squared distance, row) pairs seen so far, so a scan over a million rows never sorts them all.
 * Order: smaller distance first, then the more recent row. {@link #thinned} then keeps at most k
 * rows at least {@code separation} rows apart. A capacity of k*(2*separation-1) always suffices:
 * every kept row can reject at most 2*(separation-1) others.
 */
final class NearestSelection {
    private final double[] key;
    private final int[] row;
    private int size;

    NearestSelection(int capacity) {
        key = new double[capacity];
        row = new int[capacity];
    }

    static int capacityFor(int k, int separation) {
        return k * (2 * separation - 1);
    }

    /** Squared distance a new row must not exceed to enter (rows arrive in ascending order, so ties enter). */
    double threshold() {
        return size < key.length ? Double.POSITIVE_INFINITY : key[0];
    }

    /** Offers a row; rows must be offered in ascending row order. */
    void offer(double d2, int r) {
        if (size < key.length) {
            key[size] = d2;
            row[size] = r;
            up(size++);
        } else if (d2 <= key[0]) {
            key[0] = d2;
            row[0] = r;
            down(0);
        }
    }

    int size() { return size; }

    /** The held rows in order (distance ascending, recent first on ties), as {row, d2 bits} pairs. */
    long[][] sorted() {
        Integer[] idx = new Integer[size];
        for (int i = 0; i < size; i++) idx[i] = i;
        Arrays.sort(idx, (a, b) -> before(a, b) ? -1 : before(b, a) ? 1 : 0);
        long[][] out = new long[size][];
        for (int i = 0; i < size; i++) out[i] = new long[]{row[idx[i]], Double.doubleToRawLongBits(key[idx[i]])};
        return out;
    }

    /** Greedy thinning in order: keep a row unless a kept row lies within {@code separation - 1} rows of it. */
    static int thinned(long[][] ordered, int k, int separation, int[] rowsOut, double[] d2Out) {
        TreeSet<Integer> kept = new TreeSet<>();
        int n = 0;
        for (long[] e : ordered) {
            if (n == k) break;
            int r = (int) e[0];
            Integer lo = kept.floor(r);
            Integer hi = kept.ceiling(r);
            if (lo != null && r - lo < separation) continue;
            if (hi != null && hi - r < separation) continue;
            kept.add(r);
            rowsOut[n] = r;
            d2Out[n] = Double.longBitsToDouble(e[1]);
            n++;
        }
        return n;
    }

    private boolean before(int a, int b) {
        return key[a] < key[b] || (key[a] == key[b] && row[a] > row[b]);
    }

    private void up(int i) {
        while (i > 0) {
            int p = (i - 1) >>> 1;
            if (!before(p, i)) break;
            swap(i, p);
            i = p;
        }
    }

    private void down(int i) {
        while (true) {
            int l = 2 * i + 1, r = l + 1, worst = i;
            if (l < size && before(worst, l)) worst = l;
            if (r < size && before(worst, r)) worst = r;
            if (worst == i) return;
            swap(i, worst);
            i = worst;
        }
    }

    private void swap(int a, int b) {
        double k = key[a];
        key[a] = key[b];
        key[b] = k;
        int r = row[a];
        row[a] = row[b];
        row[b] = r;
    }
}
