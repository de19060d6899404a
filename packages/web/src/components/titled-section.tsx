import { useId, type ReactNode } from 'react';

interface TitledSectionProps {
  title: ReactNode;
  /** The heading's level where the section stands in the page. */
  heading?: 'h2' | 'h3' | 'h4';
  headingClassName: string;
  className?: string;
  children: ReactNode;
}

/** A section named by its heading, so a screen reader lists it by that name. */
export function TitledSection({
  title,
  heading: Heading = 'h2',
  headingClassName,
  className = 'mb-3',
  children,
}: TitledSectionProps) {
  const id = useId();
  return (
    <section className={className} aria-labelledby={id}>
      <Heading id={id} className={headingClassName}>
        {title}
      </Heading>
      {children}
    </section>
  );
}
