package org.sextant.contract;

/** Read: answers and changes nothing (store, files). Write: changes something, said in its effect line. */
public enum CapabilityClass {
    READ,
    WRITE
}
