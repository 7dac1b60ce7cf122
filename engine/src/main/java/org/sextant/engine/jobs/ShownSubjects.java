package org.sextant.engine.jobs;

import java.util.AbstractList;
import java.util.List;
import java.util.RandomAccess;
import org.sextant.contract.ShownText;

/**
 * A job's subjects once escaped for showing ({@link ShownText#escaped}): a job's status is copied at every progress
 * write, and escaping 5,000 long paths again each time took minutes.
 */
final class ShownSubjects extends AbstractList<String> implements RandomAccess {
    private final List<String> shown;

    private ShownSubjects(List<String> shown) {
        this.shown = shown;
    }

    /** {@code subjects} escaped, or as they are when they already were. */
    static List<String> of(List<String> subjects) {
        if (subjects == null || subjects instanceof ShownSubjects) return subjects;
        return new ShownSubjects(subjects.stream().map(ShownText::escaped).toList());
    }

    @Override
    public String get(int index) {
        return shown.get(index);
    }

    @Override
    public int size() {
        return shown.size();
    }
}
