import { useForm } from 'react-hook-form';
import { Button } from './button';

/** A list's search box: "Search" hands the trimmed text to `onSearch` (the list keeps the applied query). */
export function SearchForm({ label, placeholder = 'Search name or email', onSearch }: { label: string; placeholder?: string; onSearch: (query: string) => void }) {
  const { register, handleSubmit } = useForm({ defaultValues: { query: '' } });
  return (
    <form role="search" className="inline-form" onSubmit={(e) => void handleSubmit(({ query }) => onSearch(query.trim()))(e)}>
      <input className="field__input field__input--sm" aria-label={label} placeholder={placeholder} {...register('query')} />
      <Button type="submit" size="sm">
        Search
      </Button>
    </form>
  );
}
