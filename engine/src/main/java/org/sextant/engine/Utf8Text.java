package org.sextant.engine;

import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

/**
 * A file the person gave (a strategy spec) read as UTF-8, strictly: read leniently, bytes of another charset (a Latin-1
 * "Genève") became U+FFFD and the file ran as something its author never wrote; Java's own error said only "Input length = 1".
 */
public final class Utf8Text {
    private Utf8Text() {}

    /**
     * {@code bytes}, the content of {@code file}, as text; refused as bad input ({@code field}) naming it as {@code shownAs},
     * the first byte that is not UTF-8 and the fix when there is one. None of its bytes are shown: it may be any file.
     */
    public static String decode(byte[] bytes, Path file, String field, String shownAs) {
        ByteBuffer in = ByteBuffer.wrap(bytes);
        if (StandardCharsets.UTF_8.newDecoder().decode(in, CharBuffer.allocate(bytes.length), true).isError()) {
            throw SextantException.invalid(field, shownAs + " is not UTF-8 text (byte " + (in.position() + 1) + " of " + bytes.length
                    + " is not a UTF-8 character)", "save " + file.getFileName() + " as UTF-8 (in an editor: Save As, encoding UTF-8), then run the command again");
        }
        return new String(bytes, StandardCharsets.UTF_8);
    }
}
