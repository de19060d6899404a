interface ChosenIntroSubmitProps {
  /** What the button does to the chosen intro: 'cancel' reads "Choose an intro above to cancel it." */
  verb: string;
  label: string;
  /** The label while the call is out ('Cancelling…'). */
  pendingLabel: string;
  pending: boolean;
  variant: 'primary' | 'danger';
  /** No intro chosen yet: the button is off and the line under it says what to do first. */
  noneChosen: boolean;
  disabled: boolean;
}

/** The submit button of a form about the intro chosen in the picker above it (refund, cancel). */
export function ChosenIntroSubmit({
  verb,
  label,
  pendingLabel,
  pending,
  variant,
  noneChosen,
  disabled,
}: ChosenIntroSubmitProps) {
  return (
    <>
      <button type="submit" className={`btn btn-${variant} w-100`} disabled={disabled}>
        {pending ? pendingLabel : label}
      </button>
      {noneChosen && <p className="form-text">Choose an intro above to {verb} it.</p>}
    </>
  );
}
