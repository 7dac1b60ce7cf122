-- How many business days a user signal's last observation is carried forward onto the
-- benchmark's trade dates (analog.ForwardFill); NULL = the default of AnalogueDefaults.MAX_FILL_DAYS.
ALTER TABLE signal_definitions ADD COLUMN max_fill_days INTEGER;
