package org.sextant.mcp.envelope;

import java.util.AbstractList;
import java.util.Arrays;

/**
 * A long list from the app's answer held as each item's compact JSON (as {@link Json#write} writes it), not as parsed lists
 * and strings: a run_select of one-character cells took ~12x its JSON on the heap parsed (attack 36b). An item is parsed
 * again when read ({@link #get}, a fresh copy each time); the table store keeps the text as it is. Read-only.
 */
public final class CompactRows extends AbstractList<Object> {
    private byte[] json = new byte[1 << 16];
    private int length;
    private int[] starts = new int[256];
    private int size;

    /** Adds the next item, written compactly. */
    public void add(byte[] item) {
        if (size + 1 >= starts.length) starts = Arrays.copyOf(starts, starts.length + (starts.length >> 1));
        if (length + item.length > json.length) {
            json = Arrays.copyOf(json, Math.max(length + item.length, json.length + (json.length >> 1)));
        }
        System.arraycopy(item, 0, json, length, item.length);
        starts[size++] = length;
        length += item.length;
        starts[size] = length;
    }

    /** Gives back the room kept for more items: called once the last is added. */
    public void trim() {
        if (json.length > length) json = Arrays.copyOf(json, length);
        if (starts.length > size + 1) starts = Arrays.copyOf(starts, size + 1);
    }

    @Override
    public Object get(int index) {
        if (index < 0 || index >= size) throw new IndexOutOfBoundsException(index);
        return Json.MAPPER.readValue(json, starts[index], starts[index + 1] - starts[index], Object.class);
    }

    @Override
    public int size() {
        return size;
    }

    /** The item's compact JSON, UTF-8, as {@link Json#write} of {@link #get} would write it. */
    public byte[] itemJson(int index) {
        if (index < 0 || index >= size) throw new IndexOutOfBoundsException(index);
        return Arrays.copyOfRange(json, starts[index], starts[index + 1]);
    }

    /** Bytes the items' JSON takes (what the heap holds of them once trimmed). */
    public long jsonBytes() {
        return length;
    }
}
