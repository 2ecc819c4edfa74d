import { useLingui } from '@lingui/react';
import { ButtonLabel, buttonProps } from '../app/plain';
import classes from './map-placeholder.module.css';

type MapPlaceholderProps = {
  /** Given while the map waits for the visitor to scroll near it: lets anyone ask for it at once. */
  onShow?: () => void;
};

/**
 * Holds the map's place while its code and figures load, so the page below does not jump. Light on
 * purpose: the landing page renders it before the map's chunk arrives.
 */
export function MapPlaceholder({ onShow }: MapPlaceholderProps) {
  const { i18n } = useLingui();
  return (
    <div className={classes.placeholder}>
      {onShow ? (
        <button type="button" onClick={onShow} {...buttonProps({ color: 'outline', round: true })}>
          <ButtonLabel>{i18n._('Show the map')}</ButtonLabel>
        </button>
      ) : (
        <span className={classes.note} role="status">
          {i18n._('Loading the map…')}
        </span>
      )}
    </div>
  );
}
