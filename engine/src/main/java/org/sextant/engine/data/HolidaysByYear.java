package org.sextant.engine.data;

import java.time.LocalDate;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.IntFunction;

/** An exchange's holidays, each year's worked out once by its rules: a forecast asks about every day of its history. */
final class HolidaysByYear {
    private final IntFunction<Set<LocalDate>> ofYear;
    private final Map<Integer, Set<LocalDate>> kept = new ConcurrentHashMap<>();

    HolidaysByYear(IntFunction<Set<LocalDate>> ofYear) {
        this.ofYear = ofYear;
    }

    boolean contains(LocalDate day) {
        return kept.computeIfAbsent(day.getYear(), ofYear::apply).contains(day);
    }
}
