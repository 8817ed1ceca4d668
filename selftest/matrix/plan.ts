/** The fault plan lives with the run (support/run/fault-plan.ts): the shipped fixtures read it, and the package carries no self test. */
export * from '../../support/run/fault-plan.ts';
